import {
  LADDER_STEPS,
  type CaseLadder,
  type CaseOutcome,
  type CaseOutcomeKind,
  type LadderEntry,
  type LadderStep,
  type SubmissionState,
} from '../../../shared/schemas/cases';
import * as cases from '../../store/entities/case';
import * as outcomes from '../../store/entities/case-outcome';
import type { CaseRecord } from '../../store/entities/case';

/**
 * The escalation ladder of a case (issue 23): host -> network -> CDN -> registrar -> search-engine delisting.
 * The submission workflow climbs it (functions/workflows/submission); this module keeps the case's record of the
 * climb (the timeline the creator sees) and ends the case with one named outcome.
 */

/** The rung after `step`, or undefined after the last. */
export function nextStep(step: LadderStep): LadderStep | undefined {
  return LADDER_STEPS[LADDER_STEPS.indexOf(step) + 1];
}

/** The step a case is on (the host until a notice went out). */
export const currentStep = (c: Pick<CaseRecord, 'ladder'>): LadderStep => c.ladder?.step ?? 'host';

/** Appends `entry` to the case's ladder (moving it to `entry.step`) for attempt `attempt`; false when superseded or ended. */
export async function addLadderEntry(
  c: Pick<CaseRecord, 'id' | 'ladder'>,
  attempt: number,
  entry: LadderEntry,
  opts: { nextRunAt?: string; state?: SubmissionState } = {},
): Promise<boolean> {
  const ladder: CaseLadder = {
    step: entry.step,
    ...(opts.nextRunAt ? { nextRunAt: opts.nextRunAt } : {}),
    entries: [...(c.ladder?.entries ?? []), entry],
  };
  return cases.recordLadder(c.id, attempt, ladder, opts.state ? { state: opts.state } : {}, entry.at);
}

/** Recipients already sent a notice on this case's ladder: a rung that would write to one of them again is skipped. */
export function alreadyNotified(c: Pick<CaseRecord, 'ladder'>, email: string): LadderEntry | undefined {
  return c.ladder?.entries.find((e) => e.action === 'sent' && e.recipient?.toLowerCase() === email.toLowerCase());
}

/** What the submission shows when the case ends this way. */
const FINAL_STATE: Record<CaseOutcomeKind, SubmissionState> = {
  removed: 'resolved',
  delisted: 'delisted',
  'counter-noticed': 'counter-noticed',
  stopped: 'stopped',
};

/**
 * Ends a case's climb with `kind` (the first outcome wins) and writes its platform-wide outcome record. Returns
 * whether this call ended it.
 */
export async function endCase(
  c: Pick<CaseRecord, 'id' | 'userId' | 'host' | 'ladder' | 'sentAt'>,
  kind: CaseOutcomeKind,
  at: string,
  reason?: string,
): Promise<boolean> {
  const step = currentStep(c);
  const outcome: CaseOutcome = { kind, at, step, ...(reason ? { reason } : {}) };
  if (!(await cases.recordOutcome(c.id, outcome, FINAL_STATE[kind], at))) return false;
  await outcomes.create(outcomeRecord(c, outcome));
  return true;
}

export function outcomeRecord(c: Pick<CaseRecord, 'id' | 'userId' | 'host' | 'ladder' | 'sentAt'>, outcome: CaseOutcome): outcomes.CaseOutcomeRecord {
  const climbed = new Set((c.ladder?.entries ?? []).filter((e) => e.action !== 'skipped').map((e) => e.step));
  return {
    caseId: c.id,
    userId: c.userId,
    host: c.host,
    kind: outcome.kind,
    ...(outcome.step ? { step: outcome.step } : {}),
    stepsClimbed: climbed.size,
    ...(c.sentAt ? { sentAt: c.sentAt } : {}),
    at: outcome.at,
  };
}
