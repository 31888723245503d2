import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { AddDomainForm } from './add-domain-form';
import { AllowlistEntries } from './allowlist-entries';
import { OwnSitesCard } from './own-sites-card';
import { QuickAddSites } from './quick-add-sites';

/** The Domain Allowlist tab (PRODUCT.md section 2): My sites (issue 23), the add form, quick-add sites and the list. */
export function AllowlistTab() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
      <div className="lg:col-span-5">
        <OwnSitesCard />
      </div>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Add a domain</CardTitle>
          <CardDescription>
            Sites on your allowlist may use your content. Scans skip them, so their copies never show up as violations. An
            entry covers the domain's subdomains too.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <AddDomainForm />
          <Separator />
          <div className="grid gap-2">
            <p className="text-sm font-medium">Common reference sites</p>
            <p className="text-xs text-muted-foreground">Added as fair use in one click.</p>
            <QuickAddSites />
          </div>
        </CardContent>
      </Card>
      <Card className="lg:col-span-3">
        <CardHeader>
          <CardTitle>Domain Allowlist</CardTitle>
          <CardDescription>The domains whose use of your content you have authorised.</CardDescription>
        </CardHeader>
        <CardContent>
          <AllowlistEntries />
        </CardContent>
      </Card>
    </div>
  );
}
