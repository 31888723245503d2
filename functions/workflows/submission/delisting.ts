import { endCase, addLadderEntry } from '../../services/cases/ladder';
import { checkDelisting, delistingRequestsOf, queueDelisting } from '../../services/cases/delisting';
import { checkSource } from '../../services/cases/source-check';
import { recordLadder } from '../../services/cases/case-store';
import { loadCase } from './load-case';
import { ProviderBudgetExhaustedError } from '../../lib/errors';
import { DELISTING_CHECKS } from './states';
import { delistingChecks } from '../../lib/config';
import type { DelistingOutput, SubmissionState } from './types';

/**
 * Task QueueDelisting (ladder step 5, issue 23): every URL still online gets a delisting request per engine in the
 * agent's queue (the agent console); the workflow then checks them on each wait.
 */
export async function queueDelistingTask(input: SubmissionState, now = new Date()): Promise<DelistingOutput> {
  const c = await loadCase(input);
  if (c.outcome) return { settled: true, checksLeft: 0 };
  const at = now.toISOString();
  const online = input.recheck?.urls.filter((u) => !u.gone).map((u) => u.url);
  const queued = await queueDelisting(c, online, at);
  const nextRunAt = new Date(now.getTime() + input.recheckAfterSeconds * 1000).toISOString();
  await addLadderEntry(
    c,
    input.attempt,
    { step: 'delisting', action: 'delisting-queued', at, detail: `${queued} delisting request${queued === 1 ? '' : 's'} (Google and Bing) queued for the agent.`, recheckAt: nextRunAt },
    { nextRunAt, state: 'delisting' },
  );
  return { settled: false, checksLeft: delistingChecks(DELISTING_CHECKS), queued };
}

/**
 * Task CheckDelisting: after each wait, the source is checked again (a removal still ends the climb as "removed at
 * the source") and every filed request is looked up in its engine. Every request decided: "delisted only" when an
 * engine delisted the URL, else stopped (refused). Out of checks with requests undecided: stopped, with the reason.
 */
export async function checkDelistingTask(input: SubmissionState, now = new Date()): Promise<DelistingOutput> {
  const c = await loadCase(input);
  if (c.outcome) return { settled: true, checksLeft: 0 };
  const at = now.toISOString();
  const source = await checkSource(c, now);
  if (source.removed) {
    await endCase(c, 'removed', at, source.reason);
    return { settled: true, checksLeft: 0 };
  }
  // A check the platform's provider budget does not admit is left for the next wait (the request stays filed).
  const requests = await Promise.all(
    (await delistingRequestsOf(c.id)).map((d) =>
      checkDelisting(d, now).catch((err: unknown) => {
        if (err instanceof ProviderBudgetExhaustedError) return d;
        throw err;
      }),
    ),
  );
  const open = requests.filter((d) => d.status === 'queued' || d.status === 'filed');
  if (requests.length > 0 && open.length === 0) {
    const delisted = requests.filter((d) => d.status === 'delisted');
    if (delisted.length > 0) {
      const engines = [...new Set(delisted.map((d) => (d.engine === 'google' ? 'Google' : 'Bing')))].join(' and ');
      await endCase(c, 'delisted', at, `Delisted by ${engines}; the copy is still online at the source.`);
    } else {
      await endCase(c, 'stopped', at, 'The search engines refused the delisting requests; the copy is still online.');
    }
    return { settled: true, checksLeft: 0 };
  }
  const checksLeft = (input.delisting?.checksLeft ?? delistingChecks(DELISTING_CHECKS)) - 1;
  if (checksLeft <= 0) {
    await endCase(c, 'stopped', at, `The delisting requests were not decided after ${delistingChecks(DELISTING_CHECKS)} checks; the copy is still online.`);
    return { settled: true, checksLeft: 0 };
  }
  const nextRunAt = new Date(now.getTime() + input.recheckAfterSeconds * 1000).toISOString();
  if (c.ladder) await recordLadder(c.id, input.attempt, { ...c.ladder, nextRunAt }, { state: 'delisting' }, at);
  return { settled: false, checksLeft };
}
