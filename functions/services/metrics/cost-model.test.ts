import { PRICES, monthCost, scanCost } from './cost-model';

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
