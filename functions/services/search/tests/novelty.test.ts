import { MATCH_THRESHOLD } from '../../../matching';
import { canonicalUrl } from '../canonical-url';
import { SAME_PICTURE_DISTANCE } from '../novelty';

describe('what counts as the same copy', () => {
  it('normalises scheme, host case, www, default ports, fragments, tracking parameters and trailing slashes', () => {
    const same = [
      'https://LeakForum.example/threads/1?utm_source=x&b=2&a=1#top',
      'http://www.leakforum.example:80/threads/1/?a=1&b=2&fbclid=abc',
      'https://leakforum.example:443/threads/1?gclid=1&a=1&b=2',
    ];
    expect(new Set(same.map(canonicalUrl))).toEqual(new Set(['leakforum.example/threads/1?a=1&b=2']));
    expect(canonicalUrl('https://leakforum.example/threads/2')).not.toBe(canonicalUrl('https://leakforum.example/threads/1'));
    expect(canonicalUrl('https://leakforum.example:8443/x')).toBe('leakforum.example:8443/x');
  });

  it('treats pictures as the same picture at the matcher\'s calibrated distance', () => {
    expect(SAME_PICTURE_DISTANCE).toBe(MATCH_THRESHOLD);
  });
});
