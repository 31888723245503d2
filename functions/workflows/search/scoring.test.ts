import { classifySite, nameMatch, scoreCandidate } from './scoring';

describe('classifySite', () => {
  it.each([
    ['leakforum.example', 'leak'],
    ['filedrop.example', 'filehost'],
    ['tubeclips.example', 'tube'],
    ['socialgram.example', 'social'],
    ['gardenblog.example', 'other'],
  ])('%s is a %s site', (domain, kind) => expect(classifySite(domain)).toBe(kind));
});

describe('nameMatch', () => {
  it('finds a full name in text and as a URL slug', () => {
    expect(nameMatch(['Luna Vale'], 'Luna Vale exclusive set')).toBe(1);
    expect(nameMatch(['Luna Vale'], 'https://x.example/luna-vale-pack')).toBe(1);
    expect(nameMatch(['Luna Vale'], 'https://x.example/lunavale')).toBe(1);
  });
  it('gives half for a part of a multi-word name and nothing for none', () => {
    expect(nameMatch(['Luna Vale'], 'vale of roses')).toBe(0.5);
    expect(nameMatch(['Luna Vale'], 'tomato growing tips')).toBe(0);
    expect(nameMatch([], 'anything')).toBe(0);
  });
});

describe('scoreCandidate', () => {
  it('puts every fingerprint match at 0.70 or more, high priority', () => {
    const s = scoreCandidate({ visual: { matched: true, similarity: 0.8 }, name: 0, site: 'other' });
    expect(s.confidenceScore).toBeGreaterThanOrEqual(0.7);
    expect(s.priority).toBe('high');
    expect(s.confidence).toBe(Math.round(s.confidenceScore * 100));
  });
  it('keeps an image that was compared and did not match low, whatever the page says', () => {
    const s = scoreCandidate({ visual: { matched: false, similarity: 0.5 }, name: 1, site: 'leak' });
    expect(s.confidenceScore).toBeLessThanOrEqual(0.4);
    expect(s.priority).toBe('low');
  });
  it('ranks a full name on a leak site high and on an ordinary site low', () => {
    expect(scoreCandidate({ name: 1, site: 'leak' })).toMatchObject({ confidenceScore: 0.8, priority: 'high', similarityScore: 1 });
    expect(scoreCandidate({ name: 1, site: 'other' }).priority).toBe('medium');
    expect(scoreCandidate({ name: 0, site: 'other' })).toMatchObject({ priority: 'low', confidence: 6 });
  });
});
