import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { logger } from '../../lib/logger';
import { judgePage, snapshotPage } from '../cases/page-check';
import { listCasesByUser, transitionCase } from '../cases/case-store';
import { getResult, listResultsBySearch } from '../search/results';
import { getSearch } from '../search/searches';
import { raiseAlert } from './alerts';
import { autoSubmitNew, autoSubmitSummary } from './auto-submit';
import { recordRunOutcome } from '../../store/entities/monitor';
import { getMonitor, type MonitorRecord } from './monitors';

/**
 * What happens after a monitor run finished (called once, by the search workflow's Finalize, when it closed
 * the run): the monitor records the run's new results, submits the qualifying ones when "Submit automatically"
 * is on (./auto-submit.ts), an alert is raised for new high-priority ones saying what was sent and what waits,
 * and the copies of the monitor's resolved cases are checked again.
 */
export async function afterMonitorRun(searchId: string, monitorId: string, now = new Date()): Promise<void> {
  const m = await getMonitor(monitorId);
  if (!m) return; // deleted while it ran
  const search = await getSearch(searchId);
  await recordRunOutcome(m.id, search?.newCount ?? 0);

  const results = await listResultsBySearch(searchId);
  const auto = await autoSubmitNew(m, searchId, results, now).catch((err) => {
    logger.error('automatic submission step failed', { monitorId: m.id, searchId, error: err as Error });
    return undefined;
  });
  const sent = new Map((auto?.sent ?? []).map((s) => [s.resultId, s.caseId]));
  // The alert lists the new high-priority copies and whatever was sent automatically (a known picture at a new address).
  const fresh = results.filter((r) => (r.isNew && r.priority === 'high') || sent.has(r.id));
  if (fresh.length > 0) {
    await raiseAlert(
      m,
      {
        kind: 'new-results',
        searchId,
        title: `Vigil: ${fresh.length} new ${fresh.length === 1 ? 'copy' : 'copies'} found by "${m.name}"`,
        items: fresh.map((r) => ({
          url: r.url,
          confidence: r.confidence,
          resultId: r.id,
          ...(sent.has(r.id) ? { caseId: sent.get(r.id), autoSubmitted: true } : {}),
        })),
        ...(auto ? { summary: autoSubmitSummary(auto) } : {}),
      },
      now,
    );
  }
  await checkReappearances(m, searchId, now);
}

/**
 * Re-checks, through the safe fetcher, the URLs of the monitor's resolved cases. A copy that is back (the URL
 * answers 2xx again and still shows the copied material by the same test the notice's re-check uses: the same
 * bytes, or the watched picture still on the page) reopens its case as `reappeared` and raises an alert.
 */
export async function checkReappearances(m: MonitorRecord, searchId: string, now = new Date()): Promise<string[]> {
  const resolved = (await listCasesByUser(m.userId)).filter((c) => c.status === 'resolved');
  const reopened: { caseId: string; url: string; confidence: number }[] = [];
  for (const c of resolved) {
    const result = await getResult(c.searchResultId);
    if (result?.monitorId !== m.id) continue;
    const watch = result.previewRef && /^https?:\/\//i.test(result.previewRef) ? [result.previewRef] : [];
    for (const url of splitInfringingUrls(c.infringingUrl)) {
      try {
        const snapshot = await snapshotPage(url, now);
        const verdict = judgePage(snapshot, c.baseline?.find((b) => b.url === url), watch);
        if (snapshot.status < 200 || snapshot.status >= 300 || verdict.gone) continue;
        if (await transitionCase(c.id, ['resolved'], 'reappeared', now.toISOString())) {
          reopened.push({ caseId: c.id, url, confidence: result.confidence });
        }
        break;
      } catch (err) {
        logger.warn('reappearance check failed', { caseId: c.id, url, error: err as Error });
      }
    }
  }
  if (reopened.length > 0) {
    await raiseAlert(
      m,
      {
        kind: 'reappeared',
        searchId,
        title: `Vigil: ${reopened.length} removed ${reopened.length === 1 ? 'copy is' : 'copies are'} back online ("${m.name}")`,
        items: reopened,
      },
      now,
    );
  }
  return reopened.map((r) => r.caseId);
}
