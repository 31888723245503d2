import { confidenceTone, firstNonEmptyTab, reviewActions, RESULT_TABS } from './review-logic';

describe('review rules', () => {
  it('colours confidence red from 80, yellow from 60, grey below', () => {
    expect(confidenceTone(100)).toBe('red');
    expect(confidenceTone(80)).toBe('red');
    expect(confidenceTone(79.9)).toBe('yellow');
    expect(confidenceTone(60)).toBe('yellow');
    expect(confidenceTone(59)).toBe('grey');
    expect(confidenceTone(0)).toBe('grey');
  });

  it('names the three tabs as the spec does', () => {
    expect(RESULT_TABS.map((t) => t.label)).toEqual(['Web Results', 'Images', 'Videos']);
  });

  it('opens the first tab that has results', () => {
    expect(firstNonEmptyTab({ web: 0, images: 3, videos: 1 })).toBe('images');
    expect(firstNonEmptyTab({ web: 2, images: 3, videos: 1 })).toBe('web');
    expect(firstNonEmptyTab({ web: 0, images: 0, videos: 0 })).toBe('web');
  });

  it('hides the mark buttons once marked and offers Send DMCA only for unauthorized', () => {
    expect(reviewActions(null)).toEqual({ canMark: true, canSendDmca: false });
    expect(reviewActions('unauthorized')).toEqual({ canMark: false, canSendDmca: true });
    expect(reviewActions('safe')).toEqual({ canMark: false, canSendDmca: false });
  });
});
