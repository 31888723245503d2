import { ALLOWLIST_REASONS } from '@shared/schemas/allowlist';
import { QUICK_ADD_REASON, QUICK_ADD_SITES, REASON_LABELS, isAllowlisted } from './allowlist-options';

describe('allowlist options', () => {
  it('has a readable label for every reason', () => {
    expect(Object.keys(REASON_LABELS).sort()).toEqual([...ALLOWLIST_REASONS].sort());
    expect(REASON_LABELS.fair_use).toBe('Fair Use');
  });

  it('offers four reference sites, added as fair use', () => {
    expect(QUICK_ADD_SITES.map((s) => s.domain)).toEqual(['wikipedia.org', 'imdb.com', 'youtube.com', 'instagram.com']);
    expect(QUICK_ADD_REASON).toBe('fair_use');
  });

  it('treats a domain as listed when it or a parent domain is on the list', () => {
    const entries = [{ domain: 'wikipedia.org' }];
    expect(isAllowlisted(entries, 'wikipedia.org')).toBe(true);
    expect(isAllowlisted(entries, 'en.wikipedia.org')).toBe(true);
    expect(isAllowlisted(entries, 'imdb.com')).toBe(false);
    expect(isAllowlisted([], 'imdb.com')).toBe(false);
  });
});
