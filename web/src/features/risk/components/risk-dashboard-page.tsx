import { Link } from 'react-router';
import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEFAULT_RISK_PERIOD, type RiskPeriod } from '@shared/schemas/risk';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { sendFeatureUse } from '@/lib/page-views';
import { useContentRisk, useRiskHotspots, useRiskMetrics, useRiskTrends } from '../api/get-risk';
import { metricsToShow, PERIOD_OPTIONS } from '../lib/risk-rules';
import { ContentAnalysisTab } from './content-analysis-tab';
import { HotspotsTab } from './hotspots-tab';
import { RecommendationsTab } from './recommendations-tab';
import { RiskBanner } from './risk-banner';
import { RiskMetricCards } from './risk-metric-cards';
import { TrendsTab } from './trends-tab';

const TABS = [
  { value: 'hotspots', label: 'Vulnerability Hotspots' },
  { value: 'trends', label: 'Threat Trends' },
  { value: 'content', label: 'Content Risk Analysis' },
  { value: 'recommendations', label: 'Recommendations' },
] as const;

/**
 * Content Protection Risk Dashboard (PRODUCT.md section 2): the creator's own risk picture for a period, from their
 * results and cases. While they have no data the server's figures are the sample values of PRODUCT.md section 9, marked `sample`, and the
 * lists fall back to built-in samples; both are labelled so nobody mistakes them for their own figures.
 */
export function RiskDashboardPage() {
  const [period, setPeriod] = useState<RiskPeriod>(DEFAULT_RISK_PERIOD);
  // Plain values, read here: SWR re-renders only for fields read during render, and the tabs render only when
  // shown, so reading `data` first inside a hidden tab would miss the answer that arrived meanwhile.
  const metricsCall = useRiskMetrics(period);
  const { data: hotspots, error: hotspotsError } = useRiskHotspots();
  const { data: trends, error: trendsError } = useRiskTrends(period);
  const { data: content, error: contentError } = useContentRisk();

  useEffect(() => sendFeatureUse('risk-analysis'), []);

  const metricsSettled = metricsCall.data !== undefined || metricsCall.error !== undefined;
  const { metrics, sample } = metricsToShow(metricsCall.data);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>Content Protection Risk Dashboard · Vigil</title>
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Content Protection Risk Dashboard</h1>
          <p className="mt-1 text-muted-foreground">How exposed your content is, where the threats come from and what to do next.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Select value={period} onValueChange={(v) => setPeriod(v as RiskPeriod)}>
            <SelectTrigger aria-label="Time period" className="w-40 bg-background">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PERIOD_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {/* Issue 26: opens the live view of the creator's monitors. */}
          <Button asChild>
            <Link to="/monitoring">
              <Radio aria-hidden="true" />
              Real-time Monitor
            </Link>
          </Button>
        </div>
      </div>

      {!metricsSettled ? (
        <PageSpinner label="Assessing your risk" />
      ) : (
        <div className="space-y-6">
          <RiskBanner metrics={metrics} sample={sample} failed={Boolean(metricsCall.error)} />
          <RiskMetricCards metrics={metrics} />
          <Tabs defaultValue="hotspots" className="gap-4">
            <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="px-3 py-1.5">
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="hotspots">
              <HotspotsTab data={hotspots} error={hotspotsError} sampleMode={sample} />
            </TabsContent>
            <TabsContent value="trends">
              <TrendsTab data={trends} error={trendsError} period={period} sampleMode={sample} />
            </TabsContent>
            <TabsContent value="content">
              <ContentAnalysisTab data={content} error={contentError} sampleMode={sample} />
            </TabsContent>
            <TabsContent value="recommendations">
              <RecommendationsTab metrics={metrics} />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </div>
  );
}
