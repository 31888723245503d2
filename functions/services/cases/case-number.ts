import * as counter from '../../store/counters';
import { keys } from '../../store/keys';
import { COUNTER_ATTRIBUTE } from '../../store/entities/counter';

/** The counter behind case numbers: item `COUNTER#case-number / TOTAL`, attribute `count`. */
export const CASE_NUMBER_COUNTER = 'case-number';

/** `VGL-2026-000123`: the prefix, the year the case was opened, and the global sequence number. */
export function formatCaseNumber(sequence: number, at: Date): string {
  return `VGL-${at.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Allocates the next case number with one atomic ADD on the global counter (store/counters.ts `next` returns the
 * value this call produced), so concurrent case creations never share a number. The sequence runs across years;
 * the year in the number is the year of opening. A number allocated for a case that is then not written (a
 * concurrent bulk request already made it) is skipped, leaving a gap, never a duplicate.
 */
export async function allocateCaseNumber(at = new Date()): Promise<string> {
  const sequence = await counter.next(keys.counter(CASE_NUMBER_COUNTER), COUNTER_ATTRIBUTE, { name: CASE_NUMBER_COUNTER });
  return formatCaseNumber(sequence, at);
}
