import { FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The DMCA Templates tab: a coming-soon placeholder only (PRODUCT.md section 2). */
export function DmcaTemplatesTab() {
  return (
    <Card className="border-dashed">
      <CardHeader className="flex flex-row items-center gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <FileText className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2">
            DMCA Templates <Badge variant="secondary">Coming soon</Badge>
          </CardTitle>
          <CardDescription>Custom templates for your takedown notices are coming soon.</CardDescription>
        </div>
      </CardHeader>
    </Card>
  );
}
