/*
 * The Competitive Analysis Dashboard's content (PRODUCT.md section 2): static marketing figures only. Nothing here is
 * measured; the page says so. Kept as data so the components stay layout only.
 */

export interface HeadlineStat {
  label: string;
  value: string;
  detail: string;
}

export const HEADLINE_STATS: readonly HeadlineStat[] = [
  { label: 'Sites Monitored', value: '80,000+', detail: 'scanned daily' },
  { label: 'Content Removed', value: '250M+', detail: 'infringing copies taken down' },
  { label: 'Detection Accuracy', value: '98.7%', detail: 'with human validation' },
  { label: 'Avg. Response Time', value: '18 hours', detail: 'from detection to notice' },
];

/** Vigil against the industry average, for the overview's comparison bars (higher is better unless noted). */
export interface Advantage {
  metric: string;
  vigil: string;
  industry: string;
  /** Bar lengths in percent of the row's maximum. */
  vigilBar: number;
  industryBar: number;
}

export const ADVANTAGES: readonly Advantage[] = [
  { metric: 'Takedown success rate', vigil: '98.7%', industry: '85%', vigilBar: 98.7, industryBar: 85 },
  { metric: 'Sites monitored daily', vigil: '80,000+', industry: '15,000', vigilBar: 100, industryBar: 19 },
  { metric: 'Average response time (lower is better)', vigil: '18 hours', industry: '72 hours', vigilBar: 25, industryBar: 100 },
  { metric: 'Human validation accuracy', vigil: '99.9%', industry: '90%', vigilBar: 99.9, industryBar: 90 },
];

export type Support = 'yes' | 'partial' | 'no';

export interface FeatureRow {
  feature: string;
  description: string;
  vigil: Support;
  competitorA: Support;
  competitorB: Support;
}

export const FEATURE_ROWS: readonly FeatureRow[] = [
  { feature: 'AI content detection', description: 'Finds copies by name, brand and reference files', vigil: 'yes', competitorA: 'yes', competitorB: 'partial' },
  { feature: 'Image & video fingerprinting', description: 'Recognises resized, cropped, mirrored and watermarked copies', vigil: 'yes', competitorA: 'partial', competitorB: 'no' },
  { feature: 'Face recognition', description: 'Spots your likeness in reposted media', vigil: 'yes', competitorA: 'no', competitorB: 'no' },
  { feature: 'Human validation', description: 'Every notice checked before submission', vigil: 'yes', competitorA: 'partial', competitorB: 'yes' },
  { feature: 'Anonymous filing', description: 'Notices filed under our company identity', vigil: 'yes', competitorA: 'yes', competitorB: 'no' },
  { feature: 'Automated submission', description: 'Notices sent for you to search engines and hosts', vigil: 'yes', competitorA: 'yes', competitorB: 'partial' },
  { feature: 'Bulk DMCA', description: 'Send many takedowns in one go', vigil: 'yes', competitorA: 'partial', competitorB: 'no' },
  { feature: 'Risk analysis dashboard', description: 'Exposure, hotspots and threat trends', vigil: 'yes', competitorA: 'no', competitorB: 'no' },
  { feature: 'AI assistant', description: 'Answers about DMCA and the platform, any time', vigil: 'yes', competitorA: 'no', competitorB: 'partial' },
  { feature: '30-day money-back guarantee', description: 'On every paid plan', vigil: 'yes', competitorA: 'no', competitorB: 'partial' },
];

export interface CoverageRow {
  category: string;
  sites: string;
  coverage: number;
}

export const MONITORING_COVERAGE: readonly CoverageRow[] = [
  { category: 'Tube & video sites', sites: '12,400', coverage: 99 },
  { category: 'Forums & leak boards', sites: '18,900', coverage: 97 },
  { category: 'File hosts & cyberlockers', sites: '9,600', coverage: 96 },
  { category: 'Social networks', sites: '1,200', coverage: 94 },
  { category: 'Image boards & galleries', sites: '21,300', coverage: 98 },
  { category: 'Blogs & aggregators', sites: '16,600', coverage: 92 },
];

export interface ActivityItem {
  time: string;
  event: string;
  platform: string;
  status: 'removed' | 'sent' | 'detected';
}

/** A sample activity feed (PRODUCT.md section 2): illustrative events, labelled as samples on the page. */
export const SAMPLE_ACTIVITY: readonly ActivityItem[] = [
  { time: '2 min ago', event: 'Leaked video set removed', platform: 'Tube site', status: 'removed' },
  { time: '9 min ago', event: 'DMCA notice sent for 14 images', platform: 'Image board', status: 'sent' },
  { time: '21 min ago', event: 'New copies detected by fingerprint match', platform: 'Forum', status: 'detected' },
  { time: '38 min ago', event: 'Mirror link taken down', platform: 'File host', status: 'removed' },
  { time: '1 hour ago', event: 'Search listing de-indexed', platform: 'Google Search', status: 'removed' },
  { time: '2 hours ago', event: 'Reposted gallery detected', platform: 'Social network', status: 'detected' },
];

export interface BenchmarkRow {
  metric: string;
  vigil: string;
  industry: string;
  competitorA: string;
  competitorB: string;
}

export const BENCHMARKS: readonly BenchmarkRow[] = [
  { metric: 'Average response time', vigil: '18 hours', industry: '72 hours', competitorA: '48 hours', competitorB: '5 days' },
  { metric: 'Takedown success rate', vigil: '98.7%', industry: '85%', competitorA: '91%', competitorB: '78%' },
  { metric: 'Sites monitored daily', vigil: '80,000+', industry: '15,000', competitorA: '30,000', competitorB: '8,000' },
  { metric: 'Total removals', vigil: '250M+', industry: '-', competitorA: '120M', competitorB: '40M' },
  { metric: 'Human validation accuracy', vigil: '99.9%', industry: '90%', competitorA: '95%', competitorB: '-' },
  { metric: 'Takedowns completed in', vigil: '24-48 hours', industry: '5-7 days', competitorA: '3-5 days', competitorB: '7-14 days' },
  { metric: 'Starting price', vigil: '$50/month', industry: '$150/month', competitorA: '$199/month', competitorB: '$99/month' },
];

export interface AnalyticsFigure {
  label: string;
  value: string;
  change: string;
}

export const ANALYTICS_FIGURES: readonly AnalyticsFigure[] = [
  { label: 'Notices filed this month', value: '1.2M', change: '+18% vs last month' },
  { label: 'Median time to removal', value: '31 hours', change: '-6 hours vs last month' },
  { label: 'Creators protected', value: 'Thousands', change: 'across 250+ platforms' },
  { label: 'Average monthly loss to leaks', value: '$2,400', change: 'per unprotected creator' },
];

export interface SuccessByPlatform {
  platform: string;
  rate: number;
}

export const SUCCESS_BY_PLATFORM: readonly SuccessByPlatform[] = [
  { platform: 'Search engines', rate: 99.2 },
  { platform: 'Tube & video sites', rate: 98.4 },
  { platform: 'Image boards', rate: 97.9 },
  { platform: 'File hosts', rate: 96.1 },
  { platform: 'Forums', rate: 95.3 },
  { platform: 'Social networks', rate: 94.7 },
];

/** Monthly removals (millions) for the analytics bar strip. */
export const MONTHLY_REMOVALS: readonly { month: string; millions: number }[] = [
  { month: 'Jan', millions: 7.8 },
  { month: 'Feb', millions: 8.4 },
  { month: 'Mar', millions: 9.1 },
  { month: 'Apr', millions: 9.6 },
  { month: 'May', millions: 10.4 },
  { month: 'Jun', millions: 11.2 },
];
