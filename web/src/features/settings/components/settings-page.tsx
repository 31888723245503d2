import { Bell, FileText, Images, ScanFace, ShieldCheck, UserRound } from 'lucide-react';
import { IconTabsList } from '@/components/icon-tabs-list';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { AlertsTab } from './alerts-tab';
import { AllowlistTab } from './allowlist-tab';
import { CreatorSettingsTab } from './creator-settings-tab';
import { LikenessTab } from './likeness-tab';
import { DmcaTemplatesTab } from './notice-templates-tab';
import { LibraryTab } from './library-tab';

const TABS = [
  { value: 'creator', label: 'Content Creator', icon: UserRound },
  { value: 'allowlist', label: 'Domain Allowlist', icon: ShieldCheck },
  { value: 'library', label: 'Reference library', icon: Images },
  { value: 'templates', label: 'DMCA Templates', icon: FileText },
  { value: 'alerts', label: 'Alerts', icon: Bell },
  { value: 'likeness', label: 'Likeness', icon: ScanFace },
] as const;
type TabValue = (typeof TABS)[number]['value'];


/**
 * Settings (PRODUCT.md section 2): tabs Content Creator (the default), Domain Allowlist and DMCA Templates. The open tab
 * is kept in the address (`?tab=allowlist`) so it can be linked to and survives a reload.
 */
export function SettingsPage() {
  const [tab, setTab] = useTabParam<TabValue>(TABS.map((t) => t.value), 'creator');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Settings · Vigil</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-muted-foreground">Your creator details, the sites allowed to use your content, your reference files, notice templates, alerts and likeness matching.</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={setTab}
        className="gap-4"
      >
        <IconTabsList tabs={TABS} className="sm:w-fit" />
        <TabsContent value="creator">
          <CreatorSettingsTab />
        </TabsContent>
        <TabsContent value="allowlist">
          <AllowlistTab />
        </TabsContent>
        <TabsContent value="library">
          <LibraryTab />
        </TabsContent>
        <TabsContent value="templates">
          <DmcaTemplatesTab />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsTab />
        </TabsContent>
        <TabsContent value="likeness">
          <LikenessTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
