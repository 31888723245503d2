import type { SubmissionState } from '@shared/schemas/cases';
import { bulkItemProgress } from './bulk-submit';

const at = '2026-11-25T01:00:00.000Z';
const submission = (state: SubmissionState) => ({ attempt: 1, state, startedAt: at, updatedAt: at });

describe('bulkItemProgress', () => {
  it('is queued until the workflow made the case and started its notice', () => {
    expect(bulkItemProgress(undefined)).toBe('queued');
    expect(bulkItemProgress({ status: 'pending' })).toBe('queued');
  });
  it('follows the submission: working, then sent or failed', () => {
    for (const state of ['queued', 'finding-contact', 'sending'] as const) expect(bulkItemProgress({ status: 'pending', submission: submission(state) })).toBe('working');
    for (const state of ['awaiting-recheck', 'rechecking', 'escalated'] as const) expect(bulkItemProgress({ status: 'sent', submission: submission(state) })).toBe('sent');
    for (const state of ['failed', 'no-contact'] as const) expect(bulkItemProgress({ status: 'pending', submission: submission(state) })).toBe('failed');
    expect(bulkItemProgress({ status: 'resolved' })).toBe('sent');
  });
});
