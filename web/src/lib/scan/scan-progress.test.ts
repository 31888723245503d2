import {
  COUNTDOWN_SECONDS,
  SEARCH_COMPLETE_TEXT,
  cardProgress,
  countdownSeconds,
  elapsedSeconds,
  formatCountdown,
  formatDuration,
  isOpenStatus,
  isReviewableStatus,
  nextSimulatedProgress,
  simulatedStageText,
} from './scan-progress';

describe('progress card countdown', () => {
  it('counts down from 180 s and stops at 0', () => {
    expect(COUNTDOWN_SECONDS).toBe(180);
    expect(countdownSeconds(0)).toBe(180);
    expect(countdownSeconds(45)).toBe(135);
    expect(countdownSeconds(180)).toBe(0);
    expect(countdownSeconds(500)).toBe(0);
  });

  it('never counts elapsed time below zero when the clock is behind the start', () => {
    expect(elapsedSeconds(10_000, 9_000)).toBe(0);
    expect(elapsedSeconds(10_000, 12_999)).toBe(2);
  });

  it('shows m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('grows the running bar with the countdown, capped at 95%', () => {
    expect(cardProgress('running', 0)).toBe(0);
    expect(cardProgress('running', 90)).toBe(50);
    expect(cardProgress('running', 171)).toBe(95);
    expect(cardProgress('running', 1000)).toBe(95);
    expect(cardProgress('pending', 1000)).toBe(95);
  });

  it('shows 100% when completed or partial and 0% when failed', () => {
    expect(cardProgress('completed', 3)).toBe(100);
    expect(cardProgress('partial', 3)).toBe(100);
    expect(cardProgress('failed', 120)).toBe(0);
  });
});

describe('start form simulated bar', () => {
  it('rises 5 to 15 points a tick', () => {
    expect(nextSimulatedProgress(0, 0)).toBe(5);
    expect(nextSimulatedProgress(0, 0.5)).toBe(10);
    expect(nextSimulatedProgress(0, 0.9999)).toBe(15);
    expect(nextSimulatedProgress(20, 1)).toBe(35);
  });

  it('never passes 98% on its own', () => {
    let p = 0;
    for (let i = 0; i < 40; i++) p = nextSimulatedProgress(p, 1);
    expect(p).toBe(98);
    expect(nextSimulatedProgress(95, 0)).toBe(98);
  });

  it('names the stage: Google under 30, Bing under 60, analysing under 90, then almost done', () => {
    expect(simulatedStageText(0)).toBe('Searching Google...');
    expect(simulatedStageText(29)).toBe('Searching Google...');
    expect(simulatedStageText(30)).toBe('Searching Bing...');
    expect(simulatedStageText(59)).toBe('Searching Bing...');
    expect(simulatedStageText(60)).toBe('Analyzing results...');
    expect(simulatedStageText(89)).toBe('Analyzing results...');
    expect(simulatedStageText(90)).toBe('Almost done...');
    expect(simulatedStageText(98)).toBe('Almost done...');
    expect(simulatedStageText(100)).toBe(SEARCH_COMPLETE_TEXT);
    expect(SEARCH_COMPLETE_TEXT).toBe('Search complete!');
  });
});

describe('statuses and durations', () => {
  it('tells open from final statuses', () => {
    expect(isOpenStatus('running')).toBe(true);
    expect(isOpenStatus('pending')).toBe(true);
    expect(isOpenStatus('completed')).toBe(false);
    expect(isReviewableStatus('partial')).toBe(true);
    expect(isReviewableStatus('failed')).toBe(false);
  });

  it('formats durations for people', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(-1)).toBe('-');
  });
});
