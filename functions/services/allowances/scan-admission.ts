import { returnAllowance, takeAllowance, type AllowanceUse } from './allowances';
import { releaseScanSlot, takeScanSlot } from './scan-slot';

/** Who starts a scan (BRIEF-COMMON): scheduled monitor runs are governed by the monitor allowance instead. */
export type ScanOrigin = 'manual' | 'monitor-run-now' | 'monitor-scheduled';

/** An admitted scan: call `release()` when it fails to start, so the unit and the slot are given back. */
export interface ScanAdmission {
  release(): Promise<void>;
}

/**
 * The gate every `manual` and `monitor-run-now` scan start passes before anything is written: the one-scan-at-a-
 * time slot (429), then one use of the monthly scan allowance (402 PLAN_LIMIT). A refusal of the
 * allowance frees the slot again, so a refused request changes nothing.
 */
export async function admitScan(userId: string, searchId: string, origin: ScanOrigin, now = new Date()): Promise<ScanAdmission> {
  // Scheduled runs are paced by their monitor (issue 11): neither the slot nor the scan allowance applies.
  if (origin === 'monitor-scheduled') return { release: async () => undefined };
  await takeScanSlot(userId, searchId, now);
  let use: AllowanceUse;
  try {
    use = await takeAllowance(userId, 'scans', 1, now);
  } catch (err) {
    await releaseScanSlot(userId, searchId);
    throw err;
  }
  return {
    async release() {
      await returnAllowance(use);
      await releaseScanSlot(userId, searchId);
    },
  };
}
