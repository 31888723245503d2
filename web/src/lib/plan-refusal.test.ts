import { ApiError } from './api-client';
import { planLimitOf, planLimitText } from './plan-refusal';

const refusal = (status: number, body: object) => new ApiError(status, 'x', JSON.stringify(body));

describe('planLimitOf', () => {
  test('an allowance used up carries its figures and reset date', () => {
    const limit = planLimitOf(refusal(402, { error: 'The Trial plan includes 3 violations submitted a month and you have used 3.', code: 'PLAN_LIMIT', limit: 3, used: 3, resetsAt: '2026-12-01T00:00:00.000Z' }));
    expect(limit).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3 });
    expect(planLimitText(limit!)).toBe('The Trial plan includes 3 violations submitted a month and you have used 3. (3 of 3 used, resets December 1, 2026)');
  });

  test('the monitor count does not reset: figures without a date', () => {
    const limit = planLimitOf(refusal(402, { error: 'The Trial plan includes 1 monitor.', code: 'PLAN_LIMIT', limit: 1, used: 1, resetsAt: null }));
    expect(planLimitText(limit!)).toBe('The Trial plan includes 1 monitor. (1 of 1 used)');
  });

  test('a paid feature (PLAN_REQUIRED) and bulk refusals are plan refusals too, with the server sentence alone', () => {
    for (const code of ['PLAN_REQUIRED', 'PLAN_LIMIT_EXCEEDED', 'PLATFORM_NOT_IN_PLAN']) {
      const limit = planLimitOf(refusal(402, { error: 'Automated submission is available on paid plans.', code }));
      expect(limit).toEqual({ error: 'Automated submission is available on paid plans.', code });
      expect(planLimitText(limit!)).toBe('Automated submission is available on paid plans.');
    }
  });

  test('anything else is left to the caller', () => {
    expect(planLimitOf(refusal(429, { error: 'Slow down', code: 'RATE_LIMITED' }))).toBeUndefined();
    expect(planLimitOf(refusal(400, { error: 'Bad', code: 'VALIDATION', fields: {} }))).toBeUndefined();
    expect(planLimitOf(new ApiError(402, 'Payment Required', '<html>'))).toBeUndefined();
    expect(planLimitOf(new Error('offline'))).toBeUndefined();
  });
});
