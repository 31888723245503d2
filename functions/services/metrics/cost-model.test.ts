import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARGIN_MARKERS, PRICES, USAGE_PER_UNIT, marginTableMarkdown, monthCost, planMargins, scanCost } from './cost-model';

describe('monthCost', () => {
  it('prices a month of usage from the unit prices and per-unit usage', () => {
    const cost = monthCost({ apiRequests: 1_000_000, searches: 1000, providerCalls: 6000, dmcaSubmissions: 100, emails: 500, chatMessages: 2000 });
    // provider: 6000 x $0.015 = $90
    expect(cost.parts.provider).toBeCloseTo(90, 10);
    // API Gateway: 1M x $1/M = $1
    expect(cost.parts.apiGateway).toBeCloseTo(1, 10);
    // Lambda: invocations 1M + 6000 + 500 = 1,006,500 x $0.2/M = $0.2013; GB-s 250,000 + 40,000 + 1,000 = 291,000 x $0.0000133334 = $3.88002
    expect(cost.parts.lambda).toBeCloseTo(0.2013 + 291_000 * 0.0000133334, 8);
    // Step Functions: (16,000 + 1,200) x $0.000025 = $0.43
    expect(cost.parts.stepFunctions).toBeCloseTo(0.43, 10);
    // DynamoDB: reads 3M + 40,000 + 1,000 = 3,041,000 x $0.125/M; writes 1M + 60,000 + 1,000 = 1,061,000 x $0.625/M
    expect(cost.parts.dynamodb).toBeCloseTo(3.041 * 0.125 + 1.061 * 0.625, 8);
    // SES: 500 x $0.0001 = $0.05; Bedrock: 2000 x (2 x $0.00025 + 0.3 x $0.00125) = $1.75
    expect(cost.parts.ses).toBeCloseTo(0.05, 10);
    expect(cost.parts.bedrock).toBeCloseTo(1.75, 10);
    // 90 + 1 + 4.0813 + 0.43 + 1.0433 + 0.05 + 1.75 = 98.3546
    expect(cost.total).toBe(98.35);
  });

  it('costs nothing without usage, and a scan mostly costs its provider searches', () => {
    expect(monthCost({ apiRequests: 0, searches: 0, providerCalls: 0, dmcaSubmissions: 0, emails: 0, chatMessages: 0 }).total).toBe(0);
    expect(scanCost(1, 6)).toBeGreaterThan(6 * PRICES.serpApiPerSearch);
    expect(scanCost(1, 6)).toBeLessThan(6 * PRICES.serpApiPerSearch + 0.01);
  });
});

describe('what really runs (issue 27)', () => {
  const none = { apiRequests: 0, searches: 0, providerCalls: 0, dmcaSubmissions: 0, emails: 0, chatMessages: 0 };
  it('prices monitor runs (Scheduler, SQS, the consumer), Cognito users, alarms and metrics, and write units with their index copies', () => {
    const cost = monthCost({ ...none, monitorRuns: 1_000_000, activeUsers: 1000, alarms: 100, customMetrics: 10 });
    const run = USAGE_PER_UNIT.monitorRun;
    expect(cost.parts.scheduling).toBeCloseTo(1_000_000 * (PRICES.schedulerPerInvocation + run.sqsRequests * PRICES.sqsPerRequest), 8);
    expect(cost.parts.cognito).toBeCloseTo(1000 * PRICES.cognitoPerMau, 8);
    expect(cost.parts.cloudwatch).toBeGreaterThan(100 * PRICES.cloudwatchPerAlarm + 10 * PRICES.cloudwatchPerMetric);
    expect(cost.parts.dynamodb).toBeCloseTo(1_000_000 * (run.reads * PRICES.dynamoPerReadUnit + run.writes * USAGE_PER_UNIT.writeUnitsPerItemWrite * PRICES.dynamoPerWriteUnit), 8);
    // The admin's figures (no monitor-run or user counts) are priced as before.
    expect(monthCost(none).parts).toMatchObject({ scheduling: 0, cognito: 0, cloudwatch: 0 });
  });

  it('keeps every paid plan solvent at full use; the free trial costs a bounded amount', () => {
    const margins = planMargins();
    for (const m of margins.filter((x) => x.priceUsd > 0)) expect(m.margin).toBeGreaterThan(0);
    const trial = margins.find((m) => m.plan === 'trial')!;
    expect(trial.cost).toBeLessThan(2);
    // Provider searches are most of the cost: the allowance is what bounds it.
    for (const m of margins) expect(m.provider / m.cost).toBeGreaterThan(0.5);
  });

  it('takes the prices billing charges now: the costs stay, the margins move with the price', () => {
    const launch = planMargins();
    const now = planMargins({ basic: 25, pro: 129, enterprise: 399 });
    for (const [a, b] of launch.map((m, i) => [m, now[i]!] as const)) expect(b.cost).toBe(a.cost);
    const basic = now.find((m) => m.plan === 'basic')!;
    expect(basic.priceUsd).toBe(25);
    expect(basic.margin).toBeCloseTo(25 - basic.cost, 2);
    expect(basic.margin).toBeLessThan(0);
    expect(now.find((m) => m.plan === 'trial')!.priceUsd).toBe(0);
  });

  it('is the table docs/OPERATIONS.md shows (npm run docs:margins writes it)', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'OPERATIONS.md'), 'utf8');
    const [start, end] = MARGIN_MARKERS;
    expect(doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end)).trim()).toBe(marginTableMarkdown());
  });
});
