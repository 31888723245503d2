import { useCallback, useEffect, useState } from 'react';
import { SIMULATED_COMPLETE_AFTER_MS, SIMULATED_TICK_MS, nextSimulatedProgress, simulatedStageText } from '../scan-progress';

interface Run {
  startedAt: number;
  progress: number;
  /** Set once 30 s have passed: the bar then shows 100%. */
  expired: boolean;
}

/**
 * The start form's simulated bar (PRODUCT.md section 4): from `start()` it rises 5-15 points a second up to 98% with
 * stage text, and shows 100% 'Search complete!' after 30 s or as soon as `finished` is true. `reset()` hides it
 * (a start that failed).
 */
export function useSimulatedProgress(finished: boolean) {
  const [run, setRun] = useState<Run | null>(null);
  const startedAt = run?.startedAt;
  const complete = !!run && (run.expired || finished);

  useEffect(() => {
    if (startedAt === undefined || complete) return;
    const tick = setInterval(() => {
      setRun((r) => (r ? { ...r, progress: nextSimulatedProgress(r.progress, Math.random()) } : r));
    }, SIMULATED_TICK_MS);
    const expire = setTimeout(
      () => setRun((r) => (r && r.startedAt === startedAt ? { ...r, expired: true } : r)),
      Math.max(0, startedAt + SIMULATED_COMPLETE_AFTER_MS - Date.now()),
    );
    return () => {
      clearInterval(tick);
      clearTimeout(expire);
    };
  }, [startedAt, complete]);

  const start = useCallback(() => setRun({ startedAt: Date.now(), progress: 0, expired: false }), []);
  const reset = useCallback(() => setRun(null), []);
  const progress = complete ? 100 : (run?.progress ?? 0);
  return { visible: run !== null, progress, text: simulatedStageText(progress), start, reset };
}
