import { decodeTime, isValid } from 'ulid';
import { resultIdFor } from './result-id';
import { reviewCounterDelta } from './review';

describe('reviewCounterDelta', () => {
  it.each([
    [null, 'unauthorized', { pendingReview: -1, activeViolations: 1 }],
    [null, 'safe', { pendingReview: -1 }],
    ['unauthorized', 'safe', { activeViolations: -1 }],
    ['safe', 'unauthorized', { activeViolations: 1 }],
    ['safe', 'safe', {}],
    ['unauthorized', 'unauthorized', {}],
  ] as const)('%s -> %s moves the counters by %j', (from, to, delta) => {
    expect(reviewCounterDelta(from, to)).toEqual(delta);
  });
});

describe('resultIdFor', () => {
  const t = Date.parse('2026-03-01T12:00:00Z');
  it('is a ULID carrying the search start time, the same for the same copy', () => {
    const id = resultIdFor(t, 'S1', 'images', 'https://a.example/x');
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(t);
    expect(resultIdFor(t, 'S1', 'images', 'https://a.example/x')).toBe(id);
  });
  it('differs by search, content type and URL', () => {
    const ids = new Set([
      resultIdFor(t, 'S1', 'images', 'https://a.example/x'),
      resultIdFor(t, 'S2', 'images', 'https://a.example/x'),
      resultIdFor(t, 'S1', 'videos', 'https://a.example/x'),
      resultIdFor(t, 'S1', 'images', 'https://a.example/y'),
    ]);
    expect(ids.size).toBe(4);
  });
});
