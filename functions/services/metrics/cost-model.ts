/**
 * The cost model behind the admin's monthly expenses: what one month's recorded usage would cost on AWS and
 * the search provider, at list prices (us-east-1, no free tier, no reserved capacity). It prices usage as
 * production would also when a local run used the sandbox provider or the offline assistant, so the figures
 * mean the same everywhere. Pure: no I/O. Prices as published in 2025; update them here only.
 */

import { CADENCE_SECONDS } from '../../../shared/cadence';
import { PLANS, PLAN_ORDER, PROVIDER_SEARCHES_PER_SCAN, type PlanId } from '../../../shared/plans';
import type { PlanPrices } from '../../../shared/schemas/platform';

/** Unit prices in US dollars. */
export const PRICES = {
  /** SerpApi Developer plan: $75 a month for 5,000 searches (https://serpapi.com/pricing). */
  serpApiPerSearch: 75 / 5000,
  /** Lambda requests: $0.20 per million (https://aws.amazon.com/lambda/pricing/). */
  lambdaPerInvocation: 0.2 / 1_000_000,
  /** Lambda duration on arm64: $0.0000133334 per GB-second (same page). */
  lambdaPerGbSecond: 0.0000133334,
  /** API Gateway HTTP API: $1.00 per million requests, first 300 million (https://aws.amazon.com/api-gateway/pricing/). */
  httpApiPerRequest: 1.0 / 1_000_000,
  /** Step Functions Standard: $0.025 per 1,000 state transitions (https://aws.amazon.com/step-functions/pricing/). */
  stepFunctionsPerTransition: 0.025 / 1000,
  /** DynamoDB on-demand: $0.625 per million write request units (https://aws.amazon.com/dynamodb/pricing/on-demand/). */
  dynamoPerWriteUnit: 0.625 / 1_000_000,
  /** DynamoDB on-demand: $0.125 per million read request units (same page). */
  dynamoPerReadUnit: 0.125 / 1_000_000,
  /** SES outbound e-mail: $0.10 per 1,000 messages (https://aws.amazon.com/ses/pricing/). */
  sesPerEmail: 0.1 / 1000,
  /** Bedrock, Claude 3 Haiku on demand: $0.00025 per 1,000 input tokens (https://aws.amazon.com/bedrock/pricing/). */
  bedrockPer1kInputTokens: 0.00025,
  /** Bedrock, Claude 3 Haiku on demand: $0.00125 per 1,000 output tokens (same page). */
  bedrockPer1kOutputTokens: 0.00125,
  /** EventBridge Scheduler: $1.00 per million invocations after 14 million free (https://aws.amazon.com/eventbridge/pricing/). */
  schedulerPerInvocation: 1.0 / 1_000_000,
  /** SQS standard queue: $0.40 per million requests (https://aws.amazon.com/sqs/pricing/). */
  sqsPerRequest: 0.4 / 1_000_000,
  /** Cognito user pools, Essentials tier: $0.015 per monthly active user beyond the free 10,000 (https://aws.amazon.com/cognito/pricing/). */
  cognitoPerMau: 0.015,
  /** CloudWatch: $0.30 per custom metric a month (first 10,000; EMF metrics count), $0.10 per standard alarm metric a month (https://aws.amazon.com/cloudwatch/pricing/). */
  cloudwatchPerMetric: 0.3,
  cloudwatchPerAlarm: 0.1,
  /** CloudWatch Logs ingestion: $0.50 per GB (same page). */
  cloudwatchPerLogGb: 0.5,
} as const;

/**
 * What one unit of usage consumes. Estimates from the code's shape (how many tasks, reads and writes a flow
 * makes) and the functions' configured memory; refine them from CloudWatch figures when there are some.
 */
export const USAGE_PER_UNIT = {
  /** One API request: one Lambda invocation (1 GB, ~250 ms), a session read, two item reads and one write. */
  apiRequest: { invocations: 1, gbSeconds: 0.25, reads: 3, writes: 1 },
  /**
   * One scan (search workflow): fingerprint, one query task per engine (two engines by default), triage,
   * persist and finalize, ~6 invocations with image fetching and hashing (~40 GB-s in all), ~16 state
   * transitions, and the search, progress, result and counter items (~60 writes, ~40 reads).
   */
  search: { invocations: 6, gbSeconds: 40, transitions: 16, reads: 40, writes: 60 },
  /** One notice sent (submission workflow): contact look-up, send, wait, re-check; ~5 tasks, ~12 transitions. */
  submission: { invocations: 5, gbSeconds: 10, transitions: 12, reads: 10, writes: 10 },
  /** One assistant answer: the grounding prompt (help articles and history) and a short reply. */
  chatMessage: { inputTokens: 2000, outputTokens: 300 },
  /**
   * What a scheduled monitor run adds to its scan (issue 27): one Scheduler invocation, the SQS send, and the
   * receive and delete the event source makes per batch of up to 10 (0.2 each at full batches); a tenth of a
   * consumer invocation (batches of 10, ~0.5 s at 1 GB), and the consumer's own table work before the scan
   * (the monitor, plan and monitor count read; the occurrence claim and the run record written: bench:monitors
   * counts them per run).
   */
  monitorRun: { schedulerInvocations: 1, sqsRequests: 1.2, invocations: 0.1, gbSeconds: 0.05, reads: 4, writes: 2 },
  /**
   * Write units: an item write is one unit per KB, and one more per global secondary index the item is in
   * (DynamoDB writes the index copy too). The search, progress and result items of a scan are each in one or
   * two indexes, so the `writes` above are item writes and this is their average multiplier.
   */
  writeUnitsPerItemWrite: 2,
  /** The logs a function writes per invocation, about 2 KB (structured log lines and EMF). */
  logBytesPerInvocation: 2048,
} as const;

/** One month's recorded usage (from the counters). */
export interface MonthUsage {
  apiRequests: number;
  searches: number;
  /** Provider searches (engines x kinds x names + reverse image searches), recorded at scan start. */
  providerCalls: number;
  dmcaSubmissions: number;
  emails: number;
  chatMessages: number;
  /** Scheduled monitor runs among `searches` (their Scheduler, SQS and consumer costs come on top). */
  monitorRuns?: number;
  /** Monthly active users of the user pool (Cognito bills per MAU). */
  activeUsers?: number;
  /** CloudWatch alarms and custom (EMF) metrics kept all month: fixed costs of the platform. */
  alarms?: number;
  customMetrics?: number;
}

export interface MonthCost {
  /** Total in US dollars, rounded to the cent. */
  total: number;
  /** Unrounded parts, for insights ("provider calls are 80% of costs"). */
  parts: {
    provider: number;
    lambda: number;
    apiGateway: number;
    stepFunctions: number;
    dynamodb: number;
    ses: number;
    bedrock: number;
    /** EventBridge Scheduler and SQS for the scheduled monitor runs. */
    scheduling: number;
    cognito: number;
    /** Alarms, custom metrics and the logs every invocation writes. */
    cloudwatch: number;
  };
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

/** Prices a month's usage with PRICES and USAGE_PER_UNIT. */
export function monthCost(u: MonthUsage): MonthCost {
  const { apiRequest: api, search, submission, chatMessage: chat, monitorRun: run } = USAGE_PER_UNIT;
  const runs = u.monitorRuns ?? 0;
  const invocations = u.apiRequests * api.invocations + u.searches * search.invocations + u.dmcaSubmissions * submission.invocations + runs * run.invocations;
  const gbSeconds = u.apiRequests * api.gbSeconds + u.searches * search.gbSeconds + u.dmcaSubmissions * submission.gbSeconds + runs * run.gbSeconds;
  const reads = u.apiRequests * api.reads + u.searches * search.reads + u.dmcaSubmissions * submission.reads + runs * run.reads;
  const itemWrites = u.apiRequests * api.writes + u.searches * search.writes + u.dmcaSubmissions * submission.writes + runs * run.writes;
  // Admin figures (no monitor-run or user counts) keep the item-write pricing they always had; the plan model
  // (planMargins) prices write units with their index copies.
  const writes = u.monitorRuns === undefined ? itemWrites : itemWrites * USAGE_PER_UNIT.writeUnitsPerItemWrite;
  const parts = {
    provider: u.providerCalls * PRICES.serpApiPerSearch,
    lambda: invocations * PRICES.lambdaPerInvocation + gbSeconds * PRICES.lambdaPerGbSecond,
    apiGateway: u.apiRequests * PRICES.httpApiPerRequest,
    stepFunctions: (u.searches * search.transitions + u.dmcaSubmissions * submission.transitions) * PRICES.stepFunctionsPerTransition,
    dynamodb: reads * PRICES.dynamoPerReadUnit + writes * PRICES.dynamoPerWriteUnit,
    ses: u.emails * PRICES.sesPerEmail,
    bedrock:
      u.chatMessages *
      ((chat.inputTokens / 1000) * PRICES.bedrockPer1kInputTokens + (chat.outputTokens / 1000) * PRICES.bedrockPer1kOutputTokens),
    scheduling: runs * (run.schedulerInvocations * PRICES.schedulerPerInvocation + run.sqsRequests * PRICES.sqsPerRequest),
    cognito: (u.activeUsers ?? 0) * PRICES.cognitoPerMau,
    cloudwatch:
      (u.alarms ?? 0) * PRICES.cloudwatchPerAlarm +
      (u.customMetrics ?? 0) * PRICES.cloudwatchPerMetric +
      (u.monitorRuns === undefined ? 0 : (invocations * USAGE_PER_UNIT.logBytesPerInvocation * PRICES.cloudwatchPerLogGb) / 1024 ** 3),
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { total: cents(total), parts };
}

/** The estimated cost in US dollars (unrounded) of scans making `providerCalls` provider searches in all. */
export function scanCost(scans: number, providerCalls: number): number {
  const { parts } = monthCost({ apiRequests: 0, searches: scans, providerCalls, dmcaSubmissions: 0, emails: 0, chatMessages: 0 });
  return Object.values(parts).reduce((a, b) => a + b, 0);
}

/*
 * Plan solvency (issue 27): what one creator on each plan costs at full use of what the plan allows, against its
 * price. docs/OPERATIONS.md "Plan margins" is `marginTableMarkdown()` (a fast test keeps it equal; regenerate
 * with `npm run docs:margins`).
 */

/** What "full use" assumes beyond the metered allowances (which are used to the last unit). */
export const FULL_USE = {
  /** Provider searches per scan unit: the worst case a unit covers (shared/plans.ts PROVIDER_SEARCHES_PER_SCAN). */
  providerSearchesPerScan: PROVIDER_SEARCHES_PER_SCAN,
  /** API requests a creator makes a month (reviews, pages, polling a running scan): a heavy user. */
  apiRequests: 20_000,
  /** Assistant messages a month (rate-limited to 30 an hour; a heavy user asks 10 a day). */
  chatMessages: 300,
  /** Notices a month on a plan with unlimited submissions: its daily cap every day. */
  submissionDays: 30,
  /** E-mails per notice (the notice, its copy to the creator) and per monitor run (an alert). */
  emailsPerSubmission: 2,
  emailsPerRun: 1,
} as const;

/**
 * The platform's fixed monthly CloudWatch costs, shared by every creator: the alarms of docs/OPERATIONS.md (two per
 * function, two per state machine, the table's, SES's and issue 27's) and the custom EMF metrics (request,
 * business and operational metrics, each with its dimensions).
 */
export const PLATFORM_FIXED = { alarms: 110, customMetrics: 40, creators: 1000 } as const;

export interface PlanMargin {
  plan: PlanId;
  priceUsd: number;
  scans: number;
  monitorRuns: number;
  providerSearches: number;
  submissions: number;
  /** Cost at full use, US dollars, rounded to the cent; `provider` and `aws` (the rest) apart. */
  provider: number;
  aws: number;
  cost: number;
  margin: number;
}

/** The launch prices of shared/plans.ts: docs/OPERATIONS.md's table is at these. */
const LAUNCH: PlanPrices = { basic: PLANS.basic.priceUsd, pro: PLANS.pro.priceUsd, enterprise: PLANS.enterprise.priceUsd };

/**
 * Each plan's cost at full use and margin (price minus cost), the platform's fixed costs shared over
 * PLATFORM_FIXED.creators, at the given monthly prices: the prices billing charges now (Pricing Updates; the admin's
 * insights pass them) or, by default, the launch prices (the documented table).
 */
export function planMargins(prices: PlanPrices = LAUNCH): PlanMargin[] {
  return PLAN_ORDER.map((id) => {
    const rule = PLANS[id];
    const scans = rule.allowances.scansPerMonth ?? 0;
    const runsAtCadence = rule.monitors.count * Math.ceil((31 * 86_400) / CADENCE_SECONDS[rule.monitors.fastest]);
    const monitorRuns = Math.min(scans, runsAtCadence);
    const submissions = rule.allowances.submissionsPerMonth ?? (rule.allowances.submissionsPerDay ?? 0) * FULL_USE.submissionDays;
    const providerSearches = scans * FULL_USE.providerSearchesPerScan;
    const cost = monthCost({
      apiRequests: FULL_USE.apiRequests,
      searches: scans,
      providerCalls: providerSearches,
      dmcaSubmissions: submissions,
      emails: submissions * FULL_USE.emailsPerSubmission + monitorRuns * FULL_USE.emailsPerRun,
      chatMessages: FULL_USE.chatMessages,
      monitorRuns,
      activeUsers: 1,
      alarms: PLATFORM_FIXED.alarms / PLATFORM_FIXED.creators,
      customMetrics: PLATFORM_FIXED.customMetrics / PLATFORM_FIXED.creators,
    });
    const provider = cents(cost.parts.provider);
    const total = Object.values(cost.parts).reduce((a, b) => a + b, 0);
    const priceUsd = id === 'trial' ? 0 : prices[id];
    return {
      plan: id,
      priceUsd,
      scans,
      monitorRuns,
      providerSearches,
      submissions,
      provider,
      aws: cents(total - cost.parts.provider),
      cost: cents(total),
      margin: cents(priceUsd - total),
    };
  });
}

/** Where the table sits in docs/OPERATIONS.md (bench/margins.ts rewrites what is between them). */
export const MARGIN_MARKERS = ['<!-- margins:start (npm run docs:margins) -->', '<!-- margins:end -->'] as const;

const usd = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toFixed(2)}`;

/** The per-plan margin table of docs/OPERATIONS.md, as Markdown. */
export function marginTableMarkdown(): string {
  const rows = planMargins().map(
    (m) =>
      `| ${PLANS[m.plan].name} | ${usd(m.priceUsd)} | ${m.scans} | ${m.monitorRuns} | ${m.providerSearches.toLocaleString('en-US')} | ${m.submissions.toLocaleString('en-US')} | ${usd(m.provider)} | ${usd(m.aws)} | ${usd(m.cost)} | ${usd(m.margin)} |`,
  );
  return [
    '| Plan | Price | Scans (all runs) | of them monitor runs | Provider searches (worst case) | Notices | Provider cost | AWS cost | Cost at full use | Margin |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
