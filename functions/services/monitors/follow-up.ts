import { splitInfringingUrls, splitResultUrls } from '../../../shared/schemas/cases';
import type { Alert } from '../../../shared/schemas/monitor';
import { casesForUrls } from '../cases/case-urls';
import { canonicalUrl } from '../search/canonical-url';
import { logger } from '../../lib/logger';
import { judgePage, snapshotPage } from '../cases/page-check';
import { listCasesByUser, type CaseRecord } from '../cases/case-store';
import { reopenReappeared } from '../cases/case-transitions';
import { getResult, listResultsBySearch, type ResultRecord } from '../search/results';
import { getSearch } from '../search/searches';
import { raiseAlert } from './alerts';
import { autoSubmitNew } from './auto-submit';
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
  const sent = new Map((auto?.sent ?? []).map((s) => [s.resultId, s]));
  // The alert lists the new high-priority copies and whatever was sent automatically (a known picture at a new address).
  const fresh = results.filter((r) => (r.isNew && r.priority === 'high') || sent.has(r.id));
  if (fresh.length > 0) {
    // One case per copy (issue 23): a copy whose URL already had a case is not new; the alert says so, with its case.
    const before = await casesForUrls(m.userId, fresh.filter((r) => !sent.has(r.id)).flatMap((r) => splitResultUrls(r.url)));
    // Several pictures of one page are one copy (one URL, one case): a sibling of a copy sent now was sent with it.
    const sentByUrl = new Map<string, (typeof auto & {})['sent'][number]>();
    for (const r of fresh) {
      const s = sent.get(r.id);
      if (s) for (const u of splitResultUrls(r.url)) sentByUrl.set(canonicalUrl(u), s);
    }
    const items: Alert['items'] = fresh.map((r) => {
      const s = sent.get(r.id) ?? splitResultUrls(r.url).map((u) => sentByUrl.get(canonicalUrl(u))).find(Boolean);
      if (s) return { url: r.url, confidence: r.confidence, resultId: r.id, caseId: s.caseId, ...(s.caseNumber ? { caseNumber: s.caseNumber } : {}), autoSubmitted: true, state: 'sent' as const };
      const c = splitResultUrls(r.url).map((u) => before.get(u)).find(Boolean);
      if (c) return { url: r.url, confidence: r.confidence, resultId: r.id, caseId: c.id, caseNumber: c.caseNumber, state: 'has-case' as const };
      return { url: r.url, confidence: r.confidence, resultId: r.id, state: 'waiting' as const };
    });
    const fresher = distinctUrls(items.filter((i) => i.state !== 'has-case'));
    const known = distinctUrls(items.filter((i) => i.state === 'has-case'));
    await raiseAlert(
      m,
      {
        kind: 'new-results',
        searchId,
        title:
          fresher > 0
            ? `Vigil: ${fresher} new ${fresher === 1 ? 'copy' : 'copies'} found by "${m.name}"`
            : `Vigil: no new copies from "${m.name}" (${known} found again already ${known === 1 ? 'has a case' : 'have cases'})`,
        items,
        summary: runSummary(items, auto?.reason ?? null),
      },
      now,
    );
  }
  await checkReappearances(m, searchId, now);
}

/**
 * Whether a resolved case's copy is back: each of its URLs fetched again through the safe fetcher and judged by
 * the test the notice's re-check uses (the same bytes, or the watched picture still on the page). The URL that
 * answers with the copy, or undefined.
 */
export async function copyBackAt(c: CaseRecord, result: ResultRecord | undefined, now: Date): Promise<string | undefined> {
  const watch = result?.previewRef && /^https?:\/\//i.test(result.previewRef) ? [result.previewRef] : [];
  for (const url of splitInfringingUrls(c.infringingUrl)) {
    try {
      const snapshot = await snapshotPage(url, now);
      const verdict = judgePage(snapshot, c.baseline?.find((b) => b.url === url), watch);
      if (snapshot.status < 200 || snapshot.status >= 300 || verdict.gone) continue;
      return url;
    } catch (err) {
      logger.warn('reappearance check failed', { caseId: c.id, url, error: err as Error });
    }
  }
  return undefined;
}

/**
 * The run's copy of a resolved case's work posted again in the source where the case's copy appeared (issue 25):
 * a result of this run from the same source (kind and name) that matched the same reference file. A removed
 * Telegram post or Reddit post is gone for good; a copy that comes back there is a new post.
 */
export function repostIn(result: ResultRecord | undefined, run: readonly ResultRecord[]): ResultRecord | undefined {
  const via = result?.evidence.via;
  const reference = result?.evidence.matchedReferenceId;
  if (!via || !reference) return undefined;
  return run.find(
    (r) => r.id !== result.id && r.evidence.via?.kind === via.kind && r.evidence.via.target.toLowerCase() === via.target.toLowerCase() && r.evidence.matchedReferenceId === reference,
  );
}

/**
 * Re-checks the monitor's resolved cases: each URL again through the safe fetcher, and the sources where their
 * copies appeared through this run's results (repostIn). A copy that is back reopens its case as `reappeared`
 * and raises an alert.
 */
export async function checkReappearances(m: MonitorRecord, searchId: string, now = new Date()): Promise<string[]> {
  const resolved = (await listCasesByUser(m.userId)).filter((c) => c.status === 'resolved');
  const run = resolved.length > 0 ? await listResultsBySearch(searchId) : [];
  const reopened: { caseId: string; url: string; confidence: number }[] = [];
  for (const c of resolved) {
    const result = await getResult(c.searchResultId);
    if (result?.monitorId !== m.id) continue;
    const repost = repostIn(result, run);
    const url = repost?.url ?? (await copyBackAt(c, result, now));
    if (!url) continue;
    if (await reopenReappeared(c, now.toISOString())) {
      reopened.push({ caseId: c.id, url, confidence: (repost ?? result).confidence, ...(repost ? { resultId: repost.id } : {}) });
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

/** How many copies (canonical URLs) some alert items are about: several pictures of one page are one copy. */
const distinctUrls = (items: Alert['items']) => new Set(items.map((i) => canonicalUrl(i.url))).size;

const numbers = (items: Alert['items']) => {
  const known = [...new Set(items.map((i) => i.caseNumber).filter((n): n is string => !!n))];
  return known.length ? ` (${known.slice(0, 10).join(', ')}${known.length > 10 ? ', ...' : ''})` : '';
};

/**
 * What a run's alert says happened, exactly (issue 23): "2 sent automatically (VGL-..); 1 waiting for your review
 * (why); 4 already have cases, nothing new filed (VGL-..)".
 */
export function runSummary(items: Alert['items'], reason: string | null): string {
  const by = (state: string) => items.filter((i) => i.state === state);
  const [sent, waiting, filed] = [by('sent'), by('waiting'), by('has-case')];
  const parts = [];
  const [s, w, f] = [distinctUrls(sent), distinctUrls(waiting), distinctUrls(filed)];
  if (s > 0) parts.push(`${s} sent automatically${numbers(sent)}`);
  if (w > 0) parts.push(`${w} waiting for your review${reason ? ` (${reason.replace(/\.$/, '')})` : ''}`);
  if (f > 0) parts.push(`${f} already ${f === 1 ? 'has a case' : 'have cases'}, nothing new filed${numbers(filed)}`);
  return parts.join('; ') + '.';
}
