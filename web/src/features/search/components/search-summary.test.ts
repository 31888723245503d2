import {
  CONTENT_PROTECTED,
  VIOLATIONS_DETECTED,
  failedEnginesMessage,
  riskOf,
  summarizeSearch,
} from './search-summary';

describe('search summary', () => {
  const search = {
    searchEngines: ['google', 'bing', 'duckduckgo'],
    metadata: { successfulEngines: ['google', 'bing'], failedEngines: ['duckduckgo'] },
  };

  it('reports violations, engines scanned and failed, and unique domains', () => {
    const results = [{ domain: 'leakforum.example' }, { domain: 'www.leakforum.example' }, { domain: 'Tubeclips.example' }];
    expect(summarizeSearch(search, results)).toEqual({
      headline: VIOLATIONS_DETECTED,
      violations: 3,
      enginesScanned: ['google', 'bing'],
      failedEngines: ['duckduckgo'],
      uniqueDomains: 2,
    });
  });

  it("says 'Content Protected' when nothing was found", () => {
    expect(summarizeSearch(search, [])).toMatchObject({ headline: CONTENT_PROTECTED, violations: 0, uniqueDomains: 0 });
  });

  it('falls back to the engines asked when the metadata is missing', () => {
    expect(summarizeSearch({ searchEngines: ['google'] }, [])).toMatchObject({ enginesScanned: ['google'], failedEngines: [] });
  });

  it('words the failed-engines message as the spec does', () => {
    expect(failedEnginesMessage('Bing, DuckDuckGo')).toBe('Some platforms may have blocked our search: Bing, DuckDuckGo');
  });

  it('labels risk by priority', () => {
    expect(riskOf('high')).toEqual({ level: 'high', label: 'High risk' });
    expect(riskOf('low').label).toBe('Low risk');
  });
});
