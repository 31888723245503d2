import {
  NO_VIOLATIONS_SELECTED,
  allowedPlatforms,
  bulkEligible,
  bulkReason,
  bulkSelectionProblem,
  bulkSuccessDescription,
  creatorDetails,
  defaultPlatforms,
  dmcaEngineLabel,
  isBulkEligible,
  planLimitExceeded,
  platformOptions,
} from './submission-rules';

const result = (confidenceScore: number, priority: 'high' | 'medium' | 'low', userReviewStatus: 'unauthorized' | 'safe' | null) => ({
  confidenceScore,
  priority,
  userReviewStatus,
});

describe('bulk eligibility', () => {
  it('offers unauthorized high-priority results from 0.7 confidence', () => {
    expect(isBulkEligible(result(0.7, 'high', 'unauthorized'))).toBe(true);
    expect(isBulkEligible(result(0.95, 'high', 'unauthorized'))).toBe(true);
  });

  it('leaves out low confidence, lower priority and results not marked unauthorized', () => {
    expect(isBulkEligible(result(0.69, 'high', 'unauthorized'))).toBe(false);
    expect(isBulkEligible(result(0.9, 'medium', 'unauthorized'))).toBe(false);
    expect(isBulkEligible(result(0.9, 'high', 'safe'))).toBe(false);
    expect(isBulkEligible(result(0.9, 'high', null))).toBe(false);
  });

  it('says why a result is left out, with the sentence the server answers with', () => {
    expect(bulkReason(result(0.65, 'high', 'unauthorized'))).toBe('Confidence score 0.65 is below the bulk threshold of 0.70.');
    expect(bulkReason(result(0.9, 'low', 'unauthorized'))).toBe('Only high-priority violations can be submitted in bulk.');
    // A copy found by name only waits for the creator's "I have checked this page" confirmation.
    const nameOnly = { ...result(0.9, 'high', 'unauthorized'), evidence: { matchMethod: 'name' } };
    expect(bulkReason(nameOnly)).toMatch(/Found by name only/);
    expect(bulkReason({ ...nameOnly, contentConfirmedAt: '2026-11-24T10:00:00.000Z' })).toBeUndefined();
  });

  it('keeps the order of the list it filters', () => {
    const list = [
      { id: 'a', ...result(0.8, 'high', 'unauthorized') },
      { id: 'b', ...result(0.8, 'low', 'unauthorized') },
      { id: 'c', ...result(0.75, 'high', 'unauthorized') },
    ];
    expect(bulkEligible(list).map((r) => r.id)).toEqual(['a', 'c']);
  });
});

describe('bulk selection checks', () => {
  it('refuses an empty selection with the spec text', () => {
    expect(bulkSelectionProblem('pro', 0)).toEqual({
      title: 'No Violations Selected',
      description: 'Please select violations to submit automated DMCA requests.',
    });
    expect(bulkSelectionProblem('pro', 0)).toBe(NO_VIOLATIONS_SELECTED);
  });

  it('limits trial to 3 with the spec text', () => {
    expect(planLimitExceeded('trial', 3)).toBeNull();
    expect(planLimitExceeded('trial', 4)).toEqual({
      title: 'Plan Limit Exceeded',
      description: 'Trial accounts are limited to 3 bulk submissions. Please upgrade to process more violations.',
    });
  });

  it('limits basic to 10 and pro to 100 with the same sentence, and never enterprise', () => {
    expect(planLimitExceeded('basic', 10)).toBeNull();
    expect(planLimitExceeded('basic', 11)?.description).toBe(
      'Basic accounts are limited to 10 bulk submissions. Please upgrade to process more violations.',
    );
    expect(planLimitExceeded('pro', 100)).toBeNull();
    expect(planLimitExceeded('pro', 101)?.description).toBe('Pro accounts are limited to 100 bulk submissions. Please upgrade to process more violations.');
    expect(planLimitExceeded('enterprise', 100_000)).toBeNull();
  });

  it('treats an unknown or missing plan as trial', () => {
    expect(planLimitExceeded(undefined, 4)?.title).toBe('Plan Limit Exceeded');
    expect(planLimitExceeded('gold', 4)?.title).toBe('Plan Limit Exceeded');
  });

  it('accepts a selection within the plan', () => {
    expect(bulkSelectionProblem('trial', 2)).toBeNull();
  });

  it('reports processed and successful counts on success', () => {
    expect(bulkSuccessDescription(3, 2)).toBe('Processed 3 violations: 2 successful submissions, 1 not submitted.');
    expect(bulkSuccessDescription(1, 1)).toBe('Processed 1 violation: 1 successful submission, none failed.');
  });
});

describe('platform availability', () => {
  it('gives trial google only, with hints naming the plan that adds the others', () => {
    expect(platformOptions('trial')).toEqual([
      { platform: 'google', label: 'Google', available: true },
      { platform: 'bing', label: 'Bing', available: false, hint: 'Available on the Basic plan and above' },
      { platform: 'duckduckgo', label: 'DuckDuckGo', available: false, hint: 'Available on the Pro plan and above' },
    ]);
  });

  it('gives basic google and bing, pro and enterprise all three', () => {
    const available = (plan: string) => platformOptions(plan).filter((o) => o.available).map((o) => o.platform);
    expect(available('basic')).toEqual(['google', 'bing']);
    expect(available('pro')).toEqual(['google', 'bing', 'duckduckgo']);
    expect(available('enterprise')).toEqual(['google', 'bing', 'duckduckgo']);
  });

  it('ticks google first and drops ticked platforms the plan no longer allows', () => {
    expect(defaultPlatforms('trial')).toEqual(['google']);
    expect(allowedPlatforms('trial', ['bing', 'google', 'duckduckgo'])).toEqual(['google']);
    expect(allowedPlatforms('pro', ['duckduckgo', 'google'])).toEqual(['google', 'duckduckgo']);
    expect(allowedPlatforms('basic', [])).toEqual([]);
  });
});

describe('creator details', () => {
  it('prefers the saved creator fields', () => {
    expect(
      creatorDetails({
        contentCreatorName: 'Ada Studio',
        contentCreatorEmail: 'studio@example.com',
        contentCreatorPhone: '+1 555 0100',
        contentCreatorAddress: '1 Main St',
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
      }),
    ).toEqual({ name: 'Ada Studio', email: 'studio@example.com', phone: '+1 555 0100', address: '1 Main St' });
  });

  it('falls back to the account name, e-mail, phone and address, and to empty text', () => {
    expect(creatorDetails({ contentCreatorName: '  ', fullName: 'Ada Lovelace', email: 'ada@example.com', phone: null, address: null })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '',
      address: '',
    });
    expect(creatorDetails(undefined)).toEqual({ name: '', email: '', phone: '', address: '' });
  });
});

it('names the DMCA search engines', () => {
  expect(['google', 'bing', 'duckduckgo', 'other', 'yandex'].map(dmcaEngineLabel)).toEqual(['Google', 'Bing', 'DuckDuckGo', 'Other', 'yandex']);
});
