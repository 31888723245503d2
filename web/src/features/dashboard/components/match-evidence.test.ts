import type { Evidence } from '@shared/schemas/search';
import { matchEvidenceText, regionText } from './match-evidence';

const base: Evidence = { seenAt: '2026-11-24T00:00:00.000Z', engines: ['sandbox'] };

describe('match evidence on the review card', () => {
  it('names the point correspondences of a verified match', () => {
    const e: Evidence = { ...base, matchMethod: 'verified', distance: 58, verification: { inliers: 212, spread: 0.8, transform: [1, 0, 0, 0, 1, 0, 0, 0, 1] } };
    expect(matchEvidenceText(e)).toBe('Matched by fingerprint and 212 point correspondences');
  });

  it('says fingerprint or name only for the other decisions, nothing for results without one', () => {
    expect(matchEvidenceText({ ...base, matchMethod: 'fingerprint', distance: 12 })).toBe('Matched by fingerprint');
    expect(matchEvidenceText({ ...base, matchMethod: 'name' })).toBe('Matched by name only');
    expect(matchEvidenceText(base)).toBeUndefined();
  });

  it('describes a matched region smaller than the copy', () => {
    expect(regionText({ ...base, region: { x: 0.1, y: 0.2, w: 0.5, h: 0.4 } })).toBe('found in 20% of the copy');
    expect(regionText({ ...base, region: { x: 0, y: 0, w: 1, h: 0.98 } })).toBeUndefined();
    expect(regionText(base)).toBeUndefined();
  });
});
