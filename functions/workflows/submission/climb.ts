import { updateSubmission } from '../../services/cases/case-store';
import { currentStep, endCase, nextStep } from '../../services/cases/ladder';
import { loadCase } from './load-case';
import type { ClimbOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task Climb: the copy is still online after a rung (or the rung had no contact): the next rung of the ladder
 * (issue 23). A case that ended meanwhile (a counter-notice) stops here; there is always a next rung until
 * delisting, which is the last.
 */
export async function climb(input: SubmissionState, now = new Date()): Promise<ClimbOutput> {
  const c = await loadCase(input);
  if (c.outcome) return { next: 'end' };
  const from = input.contact?.step ?? currentStep(c);
  const next = nextStep(from);
  if (!next) {
    await endCase(c, 'stopped', now.toISOString(), 'Every step of the ladder was tried.');
    return { next: 'end' };
  }
  await updateSubmission(c.id, input.attempt, { state: 'climbing' }, {}, now.toISOString());
  return { next };
}

export const handler = traced((input: SubmissionState) => climb(input));
