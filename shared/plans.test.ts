import { CADENCE_SECONDS } from './cadence';
import { DEFAULT_AUTO_SUBMIT_THRESHOLD, PLANS, PROVIDER_SEARCHES_PER_SCAN, scanUnits, allowanceResetsAt, bulkIneligibility, creatorCheckNeeded, bulkLimitExceeded, planAllowsCadence, planAllowsPlatform, planFeatures, planRule, withinBulkLimit } from './plans';

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

  it('states the bulk limit in one sentence for site and server, none when the selection fits', () => {
    expect(bulkLimitExceeded('trial', 3)).toBeUndefined();
    expect(bulkLimitExceeded('trial', 4)).toBe('Trial accounts are limited to 3 bulk submissions. Please upgrade to process more violations.');
    expect(bulkLimitExceeded('basic', 11)).toBe('Basic accounts are limited to 10 bulk submissions. Please upgrade to process more violations.');
    expect(bulkLimitExceeded('enterprise', 100_000)).toBeUndefined();
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

describe('allowances', () => {
  it('holds the enforced monthly figures: trial 3/3, basic 120/10, pro 340/100, enterprise 520/unlimited', () => {
    const table = Object.fromEntries(Object.values(PLANS).map((p) => [p.id, [p.allowances.scansPerMonth, p.allowances.submissionsPerMonth]]));
    expect(table).toEqual({ trial: [3, 3], basic: [120, 10], pro: [340, 100], enterprise: [520, null] });
  });

  it('gives every plan a finite scan budget that holds its monitors at their fastest cadence (31 days)', () => {
    for (const p of Object.values(PLANS)) {
      expect(p.allowances.scansPerMonth).not.toBeNull();
      if (p.id === 'trial') continue; // the trial's weekly monitor shares its 3 scans (docs/PRODUCT.md)
      const runs = p.monitors.count * Math.ceil((31 * 86_400) / CADENCE_SECONDS[p.monitors.fastest]);
      expect(runs).toBeLessThanOrEqual(p.allowances.scansPerMonth!);
    }
  });

  it('counts a run of more provider searches than one scan covers as several scans', () => {
    expect([1, 16, 17, 32, 105].map(scanUnits)).toEqual([1, 1, 2, 2, 7]);
    expect(PROVIDER_SEARCHES_PER_SCAN).toBe(16);
  });

  it('caps automated sends per day on every plan, never above the month', () => {
    for (const p of Object.values(PLANS)) {
      expect(p.allowances.submissionsPerDay).toBeGreaterThan(0);
      if (p.allowances.submissionsPerMonth !== null) expect(p.allowances.submissionsPerDay!).toBeLessThanOrEqual(p.allowances.submissionsPerMonth);
    }
  });

  it('states the enforced figures on the plan cards', () => {
    expect(planFeatures('trial').slice(0, 2)).toEqual(['3 scans per month', '3 violations submitted per month (bulk, Google only)']);
    expect(planFeatures('basic').slice(0, 2)).toEqual(['120 scans per month', '10 automated takedowns per month']);
    expect(planFeatures('enterprise').slice(0, 2)).toEqual(['520 scans per month', 'Unlimited automated takedowns']);
  });

  it('holds the monitor allowance: trial 1 weekly, basic 3 daily, pro 10 daily, enterprise 15 daily', () => {
    const table = Object.fromEntries(Object.values(PLANS).map((p) => [p.id, [p.monitors.count, p.monitors.fastest]]));
    expect(table).toEqual({ trial: [1, 'weekly'], basic: [3, 'daily'], pro: [10, 'daily'], enterprise: [15, 'daily'] });
    const allowed = (plan: string) => (['hourly', 'every-6-hours', 'daily', 'weekly'] as const).filter((c) => planAllowsCadence(plan, c));
    expect(allowed('trial')).toEqual(['weekly']);
    expect(allowed('basic')).toEqual(['daily', 'weekly']);
    expect(allowed('pro')).toEqual(['daily', 'weekly']);
    expect(allowed('enterprise')).toEqual(['daily', 'weekly']);
  });

  it('names face recognition on every plan card, opt-in, with the per-scan cap Triage applies', () => {
    for (const id of Object.keys(PLANS) as (keyof typeof PLANS)[]) {
      expect(planFeatures(id)).toContain('Face recognition, opt-in: your face looked for in up to 120 found pictures per scan');
    }
  });

  it('states the monitor allowance on the plan cards', () => {
    const line = (id: keyof typeof PLANS) => planFeatures(id).find((f) => f.startsWith('Monitoring:'));
    expect([line('trial'), line('basic'), line('pro'), line('enterprise')]).toEqual([
      'Monitoring: 1 monitor, weekly',
      'Monitoring: 3 monitors, daily',
      'Monitoring: 10 monitors, daily',
      'Monitoring: 15 monitors, daily',
    ]);
  });

  it('resets on the first of the next UTC month', () => {
    expect(allowanceResetsAt(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('bulk eligibility', () => {
  const ok = { confidenceScore: 0.75, priority: 'high', userReviewStatus: 'unauthorized' };
  it('admits what the site offers: 0.70 and above, high, unauthorized, at the default threshold', () => {
    expect(DEFAULT_AUTO_SUBMIT_THRESHOLD).toBe(0.7);
    expect(bulkIneligibility(ok)).toBeUndefined();
  });
  it('names the reason otherwise', () => {
    expect(bulkIneligibility({ ...ok, confidenceScore: 0.69 })).toMatch(/below the bulk threshold of 0.70/);
    expect(bulkIneligibility({ ...ok, priority: 'medium' })).toMatch(/high-priority/);
    expect(bulkIneligibility({ ...ok, userReviewStatus: 'safe' })).toMatch(/unauthorized/);
    expect(bulkIneligibility({ ...ok, matchMethod: 'name' })).toMatch(/confirm/);
    expect(bulkIneligibility({ ...ok, matchMethod: 'name', contentConfirmedAt: '2026-11-24T00:00:00Z' })).toBeUndefined();
  });
  it('refuses a likeness match until the creator reviewed it, however high its score (issue 24)', () => {
    expect(bulkIneligibility({ ...ok, confidenceScore: 0.85, matchMethod: 'likeness' })).toMatch(/Found by likeness .* review the likeness match/);
    expect(bulkIneligibility({ ...ok, matchMethod: 'likeness', contentConfirmedAt: '2026-11-24T00:00:00Z' })).toBeUndefined();
    // The review is named first, before the score rules a medium-priority likeness match also fails.
    expect(bulkIneligibility({ ...ok, confidenceScore: 0.63, priority: 'medium', matchMethod: 'likeness' })).toMatch(/^Found by likeness/);
    expect(bulkIneligibility({ ...ok, confidenceScore: 0.63, priority: 'medium', matchMethod: 'likeness', contentConfirmedAt: '2026-11-24T00:00:00Z' })).toMatch(/high-priority/);
  });
  it('tells which results need the creator check: name-only and likeness, never a fingerprint copy', () => {
    expect(creatorCheckNeeded({ matchMethod: 'likeness' })).toBe('likeness');
    expect(creatorCheckNeeded({ matchMethod: 'name' })).toBe('name');
    expect(creatorCheckNeeded({ matchMethod: 'fingerprint' })).toBeUndefined();
    expect(creatorCheckNeeded(undefined)).toBeUndefined();
  });
});
