/**
 * Marketing figures (PRODUCT.md section 1). They are static display text, not measurements: nothing on the public
 * pages is computed, and these strings are the only place they live.
 */
export const CLAIMS = {
  platforms: '250+',
  sitesDaily: '80,000+',
  successRate: '98.7%',
  averageLossPerMonth: '$2,400',
  creators: 'thousands of creators',
  removals: '250M+',
  averageResponse: '18-hour',
  humanValidationAccuracy: '99.9%',
  takedownSuccess: '95%+',
  moneyBackDays: 30,
  takedownWindow: '24-48 hours',
} as const;
