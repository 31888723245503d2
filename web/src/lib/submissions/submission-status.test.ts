import { submissionInProgress, submissionStatusText } from './submission-status';

describe('automated submission status', () => {
  it('is in progress from queued to rechecking, and over once resolved, escalated, without contact or failed', () => {
    for (const state of ['queued', 'finding-contact', 'sending', 'awaiting-recheck', 'rechecking'] as const) {
      expect(submissionInProgress({ state })).toBe(true);
    }
    for (const state of ['resolved', 'escalated', 'no-contact', 'failed'] as const) {
      expect(submissionInProgress({ state })).toBe(false);
    }
    expect(submissionInProgress(undefined)).toBe(false);
  });

  it('names the recipient once the notice went out', () => {
    expect(submissionStatusText({ state: 'awaiting-recheck', recipient: 'abuse@host.example' })).toBe(
      'Notice sent to abuse@host.example. Vigil checks the copies again later.',
    );
  });

  it("gives the server's reason for a failure, or a fallback suggesting the PDF", () => {
    expect(submissionStatusText({ state: 'failed', error: 'The mail server refused the message.' })).toBe('The mail server refused the message.');
    expect(submissionStatusText({ state: 'no-contact' })).toMatch(/manual PDF method/);
  });
});
