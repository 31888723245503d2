import { ACCOUNT_PAGE_ALLOWANCES, PLANS, planAllowsPlatform, planRule, withinBulkLimit } from './plans';

describe('plan rules', () => {
  it('prices the plans as the spec says', () => {
    expect([PLANS.trial, PLANS.basic, PLANS.pro, PLANS.enterprise].map((p) => p.priceUsd)).toEqual([0, 50, 100, 150]);
  });

  it('limits bulk submissions to 3, 10, 100 and unlimited', () => {
    expect(withinBulkLimit('trial', 3)).toBe(true);
    expect(withinBulkLimit('trial', 4)).toBe(false);
    expect(withinBulkLimit('basic', 10)).toBe(true);
    expect(withinBulkLimit('basic', 11)).toBe(false);
    expect(withinBulkLimit('pro', 100)).toBe(true);
    expect(withinBulkLimit('pro', 101)).toBe(false);
    expect(withinBulkLimit('enterprise', 100_000)).toBe(true);
  });

  it('treats an unknown or missing plan as the trial', () => {
    expect(planRule(undefined).id).toBe('trial');
    expect(planRule('platinum').id).toBe('trial');
    expect(withinBulkLimit(null, 4)).toBe(false);
  });

  it('allows google on trial, adds bing on basic and duckduckgo on pro and enterprise', () => {
    expect(planAllowsPlatform('trial', 'google')).toBe(true);
    expect(planAllowsPlatform('trial', 'bing')).toBe(false);
    expect(planAllowsPlatform('basic', 'bing')).toBe(true);
    expect(planAllowsPlatform('basic', 'duckduckgo')).toBe(false);
    expect(planAllowsPlatform('pro', 'duckduckgo')).toBe(true);
    expect(planAllowsPlatform('enterprise', 'duckduckgo')).toBe(true);
  });

  it('offers automated submission on paid plans only', () => {
    expect(PLANS.trial.automatedSubmission).toBe(false);
    expect(PLANS.basic.automatedSubmission && PLANS.pro.automatedSubmission && PLANS.enterprise.automatedSubmission).toBe(true);
  });
});

describe('Account page allowances', () => {
  it('states 3, 5, 50 and unlimited searches a month, with the enforced bulk limits', () => {
    expect(ACCOUNT_PAGE_ALLOWANCES).toEqual({
      trial: { searchesPerMonth: 3, automatedSubmissionsPerMonth: 0, bulkSubmissionLimit: 3 },
      basic: { searchesPerMonth: 5, automatedSubmissionsPerMonth: 10, bulkSubmissionLimit: 10 },
      pro: { searchesPerMonth: 50, automatedSubmissionsPerMonth: 100, bulkSubmissionLimit: 100 },
      enterprise: { searchesPerMonth: null, automatedSubmissionsPerMonth: null, bulkSubmissionLimit: null },
    });
  });
});
