import { ACCOUNT_PLAN_CARDS, ACCOUNT_SEARCH_ALLOWANCE, bulkSubmissionsText, dailySendsText, planButton, statusLabel, usageMeter } from './account-plans';

describe('account plans', () => {
  it('shows the four plans with the enforced allowances (prices come from GET /api/public/plans)', () => {
    expect(ACCOUNT_PLAN_CARDS.map((c) => c.name)).toEqual(['Trial', 'Basic', 'Pro', 'Enterprise']);
    expect(ACCOUNT_PLAN_CARDS.map((c) => c.features[0])).toEqual(['3 scans per month', '120 scans per month', '340 scans per month', '520 scans per month']);
    expect(ACCOUNT_PLAN_CARDS[2]!.features).toContain('100 automated takedowns per month');
  });

  it('disables the current plan and offers upgrades to the others', () => {
    expect(planButton('pro', 'pro')).toEqual({ label: 'Current Plan', disabled: true });
    expect(planButton('enterprise', 'pro')).toEqual({ label: 'Upgrade to Enterprise', disabled: false });
    expect(planButton('basic', 'pro')).toEqual({ label: 'Upgrade to Basic', disabled: false });
    expect(planButton('trial', 'basic').disabled).toBe(true);
  });

  it("shows the subscription status, or 'Active' without one", () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('trialing')).toBe('Trialing');
    expect(statusLabel(undefined)).toBe('Active');
    expect(statusLabel('  ')).toBe('Active');
  });

  it('measures usage against the allowance', () => {
    expect(usageMeter(3, 5)).toEqual({ used: 3, limit: 5, percent: 60, label: '3 of 5 used', over: false });
    expect(usageMeter(5, 5).over).toBe(true);
    expect(usageMeter(9, 5).percent).toBe(100);
    expect(usageMeter(12, null)).toEqual({ used: 12, limit: null, percent: 0, label: '12 used (unlimited)', over: false });
  });

  it('takes the scan allowances from the enforced plan table', () => {
    expect(ACCOUNT_SEARCH_ALLOWANCE).toEqual({ trial: 3, basic: 120, pro: 340, enterprise: 520 });
  });

  it('words the submission allowances', () => {
    expect(dailySendsText(5)).toBe('At most 5 a day');
    expect(bulkSubmissionsText(3)).toBe('Up to 3 violations per submission');
    expect(bulkSubmissionsText(null)).toBe('Unlimited violations per submission');
  });
});
