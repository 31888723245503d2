/**
 * The cost model behind the admin's monthly expenses: what one month's recorded usage would cost on AWS and
 * the search provider, at list prices (us-east-1, no free tier, no reserved capacity). It prices usage as
 * production would also when a local run used the sandbox provider or the offline assistant, so the figures
 * mean the same everywhere. Pure: no I/O. Prices as published in 2025; update them here only.
 */

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
}

export interface MonthCost {
  /** Total in US dollars, rounded to the cent. */
  total: number;
  /** Unrounded parts, for insights ("provider calls are 80% of costs"). */
  parts: { provider: number; lambda: number; apiGateway: number; stepFunctions: number; dynamodb: number; ses: number; bedrock: number };
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

/** Prices a month's usage with PRICES and USAGE_PER_UNIT. */
export function monthCost(u: MonthUsage): MonthCost {
  const { apiRequest: api, search, submission, chatMessage: chat } = USAGE_PER_UNIT;
  const invocations = u.apiRequests * api.invocations + u.searches * search.invocations + u.dmcaSubmissions * submission.invocations;
  const gbSeconds = u.apiRequests * api.gbSeconds + u.searches * search.gbSeconds + u.dmcaSubmissions * submission.gbSeconds;
  const reads = u.apiRequests * api.reads + u.searches * search.reads + u.dmcaSubmissions * submission.reads;
  const writes = u.apiRequests * api.writes + u.searches * search.writes + u.dmcaSubmissions * submission.writes;
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
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { total: cents(total), parts };
}

/** The estimated cost in US dollars (unrounded) of scans making `providerCalls` provider searches in all. */
export function scanCost(scans: number, providerCalls: number): number {
  const { parts } = monthCost({ apiRequests: 0, searches: scans, providerCalls, dmcaSubmissions: 0, emails: 0, chatMessages: 0 });
  return Object.values(parts).reduce((a, b) => a + b, 0);
}
