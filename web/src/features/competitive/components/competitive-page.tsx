import { Activity, BarChart3, Gauge, LayoutGrid, ListChecks } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { sendFeatureUse } from '@/lib/page-views';
import { AnalyticsTab } from './analytics-tab';
import { BenchmarksTab } from './benchmarks-tab';
import { FeaturesTab } from './features-tab';
import { MonitoringTab } from './monitoring-tab';
import { OverviewTab } from './overview-tab';

const TABS = [
  { value: 'overview', label: 'Overview', icon: LayoutGrid, Content: OverviewTab },
  { value: 'features', label: 'Features', icon: ListChecks, Content: FeaturesTab },
  { value: 'monitoring', label: 'Monitoring', icon: Activity, Content: MonitoringTab },
  { value: 'benchmarks', label: 'Benchmarks', icon: Gauge, Content: BenchmarksTab },
  { value: 'analytics', label: 'Analytics', icon: BarChart3, Content: AnalyticsTab },
] as const;

/**
 * Competitive Analysis Dashboard (PRODUCT.md section 2): five tabs whose every figure is computed from the platform's
 * records or taken from a benchmark in the repository (issue 26; docs/PRODUCT.md section 10).
 */
export function CompetitivePage() {
  useEffect(() => sendFeatureUse('competitive-analysis'), []);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>Competitive Analysis Dashboard · Vigil</title>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Competitive Analysis Dashboard</h1>
          <p className="mt-1 text-muted-foreground">What Vigil does, and what it has measured.</p>
        </div>
        <Badge variant="outline" className="h-fit">
          Measured figures only
        </Badge>
      </div>
      <Tabs defaultValue="overview" className="gap-4">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="px-3 py-1.5">
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
