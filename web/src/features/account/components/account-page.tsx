import { CreditCard, Gauge, ShieldCheck, UserCog } from 'lucide-react';
import { IconTabsList } from '@/components/icon-tabs-list';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { useTabParam } from '@/lib/use-tab-param';
import { AccountSettingsTab } from './account-settings-tab';
import { AdminSummaryTab } from './admin-summary-tab';
import { BillingTab } from './billing-tab';
import { UsageTab } from './usage-tab';

const TABS = [
  { value: 'billing', label: 'Billing & Plans', icon: CreditCard, adminOnly: false },
  { value: 'usage', label: 'Usage & Limits', icon: Gauge, adminOnly: false },
  { value: 'settings', label: 'Account Settings', icon: UserCog, adminOnly: false },
  { value: 'admin', label: 'Admin Dashboard', icon: ShieldCheck, adminOnly: true },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** With no `tab` in the address the page opens at Account Settings (the avatar menu's "Account Settings" link). */
const DEFAULT_TAB: TabValue = 'settings';

/**
 * Account (PRODUCT.md section 2): Billing & Plans, Usage & Limits, Account Settings and, for administrators only (the
 * server's `isAdmin`), Admin Dashboard. `?tab=billing` (the avatar menu's Billing link) selects billing.
 */
export function AccountPage() {
  const user = useCurrentUser();
  const tabs = TABS.filter((t) => !t.adminOnly || user.isAdmin);
  const [tab, setTab] = useTabParam<TabValue>(tabs.map((t) => t.value), DEFAULT_TAB);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Account · Vigil</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
        <p className="mt-1 text-muted-foreground">Your plan, usage and account details.</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={setTab}
        className="gap-4"
      >
        <IconTabsList tabs={tabs} className="sm:w-fit" />
        <TabsContent value="billing">
          <BillingTab />
        </TabsContent>
        <TabsContent value="usage">
          <UsageTab />
        </TabsContent>
        <TabsContent value="settings">
          <AccountSettingsTab />
        </TabsContent>
        {user.isAdmin && (
          <TabsContent value="admin">
            <AdminSummaryTab />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
