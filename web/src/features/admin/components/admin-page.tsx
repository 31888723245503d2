import { DemoBillingNote } from '@/components/billing/demo-billing-note';
import { BrainCircuit, DollarSign, FileBarChart, LayoutDashboard, Server, Settings, UserCog, Users } from 'lucide-react';
import { PageSpinner } from '@/components/ui/spinner';
import { IconTabsList } from '@/components/icon-tabs-list';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useAdminMetrics, useAdminSystem, useAdminUsers, useAiInsights, useFinancialRows } from '../api/get-admin-data';
import { useManagedUsers } from '../api/get-managed-users';
import { AiInsightsTab } from './ai-insights-tab';
import { LoadError } from './load-error';
import { NotAuthorized } from './not-authorized';
import { OverviewTab } from './overview-tab';
import { PlatformOutcomesCard } from './platform-outcomes-card';
import { ReportActions } from './report-actions';
import { ReportsTab } from './reports-tab';
import { RevenueTab } from './revenue-tab';
import { SettingsTab } from './settings-tab';
import { SourceHealthCard } from './source-health-card';
import { SystemTab } from './system-tab';
import { UserManagementTab } from './user-management-tab';
import { UsersTab } from './users-tab';

/** The eight tabs, in the order PRODUCT.md section 2 lists them. */
export const ADMIN_TABS = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'revenue', label: 'Revenue', icon: DollarSign },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'user-management', label: 'User Management', icon: UserCog },
  { value: 'ai-insights', label: 'AI Insights', icon: BrainCircuit },
  { value: 'system', label: 'System', icon: Server },
  { value: 'reports', label: 'Reports', icon: FileBarChart },
  { value: 'settings', label: 'Settings', icon: Settings },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

const isRefused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * The Business Dashboard (PRODUCT.md section 2, "Admin"). Only administrators (the server's `isAdmin`) get data: anyone
 * else sees the not-authorized state and no admin call is made; should the server refuse a call anyway (403),
 * the same state shows. A spinner shows until all six data calls have loaded.
 */
export function AdminPage() {
  const { isAdmin } = useCurrentUser();
  const metrics = useAdminMetrics(isAdmin);
  const users = useAdminUsers(isAdmin);
  const system = useAdminSystem(isAdmin);
  const financial = useFinancialRows(isAdmin);
  const managed = useManagedUsers(isAdmin);
  const insights = useAiInsights(isAdmin);
  const [tab, setTab] = useTabParam<AdminTab>(ADMIN_TABS.map((t) => t.value), 'overview');

  const calls = [metrics, users, system, financial, managed, insights];
  // Read every call's data and error on each render: SWR re-renders only for the fields a render read, so a
  // short-circuiting check could miss an answer.
  const states = calls.map((c) => ({ data: c.data as unknown, error: c.error as unknown }));
  const refused = !isAdmin || states.some((c) => isRefused(c.error));
  const failed = states.find((c) => c.error)?.error;
  const loading = states.some((c) => c.data === undefined && !c.error);

  let body;
  if (refused) body = <NotAuthorized />;
  else if (failed) body = <LoadError error={failed} onRetry={() => calls.forEach((c) => void c.mutate())} />;
  else if (loading || !metrics.data || !users.data || !system.data || !financial.data || !insights.data) {
    body = <PageSpinner label="Loading business data" />;
  } else {
    body = (
      <Tabs
        value={tab}
        onValueChange={setTab}
        className="gap-4"
      >
        <IconTabsList tabs={ADMIN_TABS} triggerClassName="flex-none" />
        <TabsContent value="overview">
          <OverviewTab metrics={metrics.data} system={system.data} />
          <div className="mt-4">
            <PlatformOutcomesCard />
          </div>
        </TabsContent>
        <TabsContent value="revenue">
          <RevenueTab rows={financial.data} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab users={users.data} />
        </TabsContent>
        <TabsContent value="user-management">
          <UserManagementTab managed={managed} />
        </TabsContent>
        <TabsContent value="ai-insights">
          <AiInsightsTab insights={insights.data} />
        </TabsContent>
        <TabsContent value="system">
          <SystemTab system={system.data} />
          <div className="mt-4">
            <SourceHealthCard enabled={isAdmin} />
          </div>
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>Business Dashboard · Vigil</title>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Business Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Revenue, users, engagement and system health of Vigil.</p>
          {/* Revenue recorded under demo billing was never charged: say so wherever money is shown. */}
          <DemoBillingNote className="mt-3 justify-start" />
        </div>
        {!refused && (
          <ReportActions />
        )}
      </div>
      {body}
    </div>
  );
}
