/** One case's answer in a bulk action. */
export interface BulkOutcome {
  caseNumber: string;
  ok: boolean;
  /** Why it was not done (the server's words). */
  reason?: string;
}

/**
 * The toast of a bulk action on cases (issue 26): what succeeded and what failed, counted, with each failure's
 * case number and reason (the first three, then how many more).
 */
export function bulkSummary(outcomes: readonly BulkOutcome[], done: string, action: string): { title: string; description: string; failed: boolean } {
  const ok = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.filter((o) => !o.ok);
  const title = `${done}: ${ok} of ${outcomes.length}`;
  if (failed.length === 0) return { title, description: `All ${outcomes.length} ${outcomes.length === 1 ? 'case' : 'cases'} done.`, failed: false };
  const named = failed.slice(0, 3).map((o) => `${o.caseNumber}: ${o.reason ?? 'refused'}`);
  const more = failed.length > 3 ? ` And ${failed.length - 3} more.` : '';
  return { title, description: `${failed.length} not ${action}. ${named.join(' ')}${more}`, failed: true };
}
