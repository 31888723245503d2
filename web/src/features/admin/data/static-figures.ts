/*
 * The static parts of the Business Dashboard, exactly as PRODUCT.md section 2 gives them. They are sample figures
 * (not computed), and the screen labels them as such.
 */

/** Revenue tab: plan breakdown in US dollars. */
export const PLAN_REVENUE_BREAKDOWN = [
  { plan: 'Basic', revenue: 12500 },
  { plan: 'Pro', revenue: 25000 },
  { plan: 'Enterprise', revenue: 15000 },
] as const;
export const PLAN_REVENUE_TOTAL = 52500;

/** Revenue tab: growth badges and projected ARR. */
export const GROWTH_BADGES = [
  { label: 'Monthly', value: '+12.5%' },
  { label: 'Quarterly', value: '+34.8%' },
  { label: 'Annual', value: '+127.3%' },
] as const;
export const PROJECTED_ARR = 630000;

/** Users tab: the conversion funnel. */
export const CONVERSION_FUNNEL = [
  { stage: 'Trial to Basic', rate: 24 },
  { stage: 'Basic to Pro', rate: 18 },
  { stage: 'Pro to Enterprise', rate: 12 },
] as const;
export const OVERALL_CONVERSION = 15.6;

/** System tab: health and alerts. */
export const SYSTEM_HEALTH = { status: 'Online', uptime: '99.9%', responseTime: '245ms' } as const;
export const SYSTEM_ALERTS = { critical: 0, warnings: 2, info: 5 } as const;

/** Reports tab buttons. */
export const REPORTS = [
  'Monthly Revenue Report',
  'Quarterly Summary',
  'Annual Financial Statement',
  'User Analytics Report',
  'Subscription Analysis',
  'Churn Analysis',
] as const;

/** Settings tab: each with a Configure button that does nothing. */
export const ADMIN_SETTINGS = [
  { title: 'Maintenance Mode', description: 'Prevents new registrations while maintenance is in progress.' },
  { title: 'Rate Limiting', description: 'Request limits per user tier.' },
  { title: 'Pricing Updates', description: 'Change plan prices and promotional offers.' },
] as const;

/** Overview: the recent activity list (static sample text). */
export const RECENT_ACTIVITY = [
  { text: 'New Pro subscription', detail: 'A creator upgraded from Basic to Pro', time: '2 minutes ago', tone: 'bg-emerald-500' },
  { text: 'Bulk DMCA submission', detail: '47 takedown notices sent for an Enterprise account', time: '15 minutes ago', tone: 'bg-indigo-500' },
  { text: 'New trial sign-up', detail: 'A creator started a free trial', time: '1 hour ago', tone: 'bg-sky-500' },
  { text: 'Subscription cancelled', detail: 'A Basic subscriber cancelled at the end of the period', time: '3 hours ago', tone: 'bg-red-500' },
  { text: 'Deep scan completed', detail: '290 images and videos checked across Google and Bing', time: '5 hours ago', tone: 'bg-amber-500' },
] as const;
