import * as profiles from '../../store/entities/profile';
import * as resultStore from '../../store/entities/result';
import * as searchStore from '../../store/entities/search';
import type { CaseOutcomeKind, LadderStep } from '../../../shared/schemas/cases';
import type { OutcomeFigures } from '../../../shared/schemas/outcomes';
import type { CaseRecord } from '../cases/case-store';
import { listCasesByUser } from '../cases/case-store';
import { outcomeFigures } from '../cases/outcomes';

/*
 * What a protection report says (`GET /api/user/{id}/report`, the admin's platform report): for a period,
 * the scans and monitor runs, the results found and decided, and every case with its dates, host and notice.
 * Read from the same items the screens read; nothing is stored for a report.
 */

/** An inclusive period of whole UTC days, `YYYY-MM-DD`. */
export interface ReportPeriod {
  from: string;
  to: string;
}

export type ReportCaseStatus = CaseRecord['status'] | 'reappeared';

export interface ReportCase {
  caseNumber: string;
  status: ReportCaseStatus;
  host: string;
  /** The infringing URLs; left out of the platform report (they can point at the creator). */
  urls: string[];
  createdAt: string;
  sentAt?: string;
  resolvedAt?: string;
  reappearedAt?: string;
  /** The notice: where it went and how (automated e-mail to the host, or a search engine's form). */
  notice: { channel: string; recipient?: string; state?: string; sentAt?: string };
  /** How the case's climb ended (issue 23), if it has; `escalating` while its ladder still climbs. */
  outcome?: { kind: CaseOutcomeKind; step?: LadderStep; at: string };
  escalating?: true;
}

export interface ReportHost {
  host: string;
  results: number;
  cases: number;
}

export interface ProtectionReport {
  scope: 'creator' | 'platform';
  period: ReportPeriod;
  generatedAt: string;
  /** Platform report only: how many creators the figures cover. */
  creators?: number;
  scans: { total: number; manual: number; monitorRuns: number };
  results: { found: number; decided: number; unauthorized: number; safe: number; undecided: number };
  cases: ReportCase[];
  caseCounts: { opened: number; sent: number; resolved: number; reappeared: number };
  /**
   * Takedown outcomes measured over the period's cases (issue 23): those that ended in the period, the copies
   * that came back in it, and the cases of the period still escalating.
   */
  outcomes: OutcomeFigures;
  hosts: ReportHost[];
}

const FAR = Number.MAX_SAFE_INTEGER;
const start = (p: ReportPeriod) => `${p.from}T00:00:00.000Z`;
const end = (p: ReportPeriod) => `${p.to}T23:59:59.999Z`;
const within = (p: ReportPeriod, iso: unknown): iso is string => typeof iso === 'string' && iso >= start(p) && iso <= end(p);


const ENGINE_FORMS: Record<string, string> = { google: "Google's removal form", bing: "Bing's removal form", duckduckgo: "DuckDuckGo's removal form" };

function toReportCase(c: CaseRecord & { reappearedAt?: string }): ReportCase {
  const reappearedAt = c.reappearedAt;
  const status: ReportCaseStatus = reappearedAt && (!c.resolvedAt || reappearedAt > c.resolvedAt) ? 'reappeared' : c.status;
  const automated = c.submission;
  return {
    caseNumber: c.caseNumber,
    status,
    host: c.host,
    urls: c.infringingUrl.split('\n').map((u) => u.trim()).filter(Boolean),
    createdAt: c.createdAt,
    ...(c.sentAt ? { sentAt: c.sentAt } : {}),
    ...(c.resolvedAt ? { resolvedAt: c.resolvedAt } : {}),
    ...(reappearedAt ? { reappearedAt } : {}),
    notice: automated
      ? {
          channel: 'E-mail to the host',
          ...(automated.recipient ? { recipient: automated.recipient } : {}),
          state: automated.state,
          ...(c.sentAt ? { sentAt: c.sentAt } : {}),
        }
      : { channel: ENGINE_FORMS[c.searchEngine] ?? 'Notice PDF prepared', ...(c.sentAt ? { sentAt: c.sentAt } : {}) },
    ...(c.outcome ? { outcome: { kind: c.outcome.kind, ...(c.outcome.step ? { step: c.outcome.step } : {}), at: c.outcome.at } } : {}),
    ...(c.ladder && !c.outcome ? { escalating: true as const } : {}),
  };
}

/**
 * The outcome figures of a report's cases (creator or platform: the same cases the report lists): removal rate,
 * delisted-only share and median time to removal per host and per step over the cases that ended in the period;
 * copies that came back in it; cases still escalating.
 */
export function periodOutcomes(cases: readonly ReportCase[], period: ReportPeriod): OutcomeFigures {
  const ended = cases.filter((c) => c.outcome && within(period, c.outcome.at));
  return outcomeFigures(
    ended.map((c) => ({ host: c.host, kind: c.outcome!.kind, ...(c.outcome!.step ? { step: c.outcome!.step } : {}), ...(c.sentAt ? { sentAt: c.sentAt } : {}), at: c.outcome!.at })),
    { open: cases.filter((c) => c.escalating).length, cameBack: cases.filter((c) => within(period, c.reappearedAt)).length },
  );
}

/** One creator's report for a period. */
export async function collectCreatorReport(userId: string, period: ReportPeriod, now = new Date()): Promise<ProtectionReport> {
  const [searches, results, cases] = await Promise.all([
    searchStore.listByOwner(userId, FAR),
    resultStore.listByOwnerFoundBy(userId, end(period), FAR),
    listCasesByUser(userId, FAR),
  ]);
  const scans = searches.filter((s) => within(period, s.createdAt));
  const monitorRuns = scans.filter((s) => s.monitorId !== undefined).length;
  const found = results.filter((r) => within(period, r.createdAt));
  const decided = results.filter((r) => r.userReviewStatus && within(period, r.reviewedAt));
  const inPeriod = cases.filter((c) =>
    [c.createdAt, c.sentAt, c.resolvedAt, c.reappearedAt, c.outcome?.at].some((t) => within(period, t)),
  );
  const reportCases = inPeriod.map(toReportCase).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const hosts = new Map<string, ReportHost>();
  const host = (name: string) => hosts.get(name) ?? hosts.set(name, { host: name, results: 0, cases: 0 }).get(name)!;
  for (const r of found) host(r.domain).results++;
  for (const c of reportCases) host(c.host).cases++;

  return {
    scope: 'creator',
    period,
    generatedAt: now.toISOString(),
    scans: { total: scans.length, manual: scans.length - monitorRuns, monitorRuns },
    results: {
      found: found.length,
      decided: decided.length,
      unauthorized: decided.filter((r) => r.userReviewStatus === 'unauthorized').length,
      safe: decided.filter((r) => r.userReviewStatus === 'safe').length,
      undecided: found.filter((r) => !r.userReviewStatus).length,
    },
    cases: reportCases,
    caseCounts: {
      opened: reportCases.filter((c) => within(period, c.createdAt)).length,
      sent: reportCases.filter((c) => within(period, c.sentAt)).length,
      resolved: reportCases.filter((c) => within(period, c.resolvedAt)).length,
      reappeared: reportCases.filter((c) => within(period, c.reappearedAt)).length,
    },
    outcomes: periodOutcomes(reportCases, period),
    hosts: [...hosts.values()].sort((a, b) => b.cases - a.cases || b.results - a.results || a.host.localeCompare(b.host)),
  };
}

/** Every user id, from the admin's sign-up listing (gsi1 `USERS`). */
async function allUserIds(): Promise<string[]> {
  return (await profiles.listNewest({ limit: FAR })).profiles.map((p) => p.userId);
}

/**
 * The same report across all creators, for the administrators: figures only. Cases keep their number,
 * status, dates, host and notice channel, but no URLs and nothing that says whose they are.
 */
export async function collectPlatformReport(period: ReportPeriod, now = new Date()): Promise<ProtectionReport> {
  const ids = await allUserIds();
  const reports: ProtectionReport[] = [];
  for (const id of ids) reports.push(await collectCreatorReport(id, period, now)); // one creator at a time: bounded reads
  const sum = <K extends 'scans' | 'results' | 'caseCounts'>(key: K) => {
    const out = {} as Record<string, number>;
    for (const r of reports) for (const [k, v] of Object.entries(r[key])) out[k] = (out[k] ?? 0) + (v as number);
    return out as ProtectionReport[K];
  };
  const hosts = new Map<string, ReportHost>();
  for (const h of reports.flatMap((r) => r.hosts)) {
    const seen = hosts.get(h.host) ?? { host: h.host, results: 0, cases: 0 };
    hosts.set(h.host, { host: h.host, results: seen.results + h.results, cases: seen.cases + h.cases });
  }
  const cases = reports
    .flatMap((r) => r.cases)
    .map(({ urls: _urls, notice: { recipient: _r, ...notice }, ...c }) => ({ ...c, urls: [], notice }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    scope: 'platform',
    period,
    generatedAt: now.toISOString(),
    creators: reports.filter((r) => r.scans.total || r.results.found || r.cases.length).length,
    scans: sum('scans'),
    results: sum('results'),
    cases,
    caseCounts: sum('caseCounts'),
    outcomes: periodOutcomes(cases, period),
    hosts: [...hosts.values()].sort((a, b) => b.cases - a.cases || b.results - a.results || a.host.localeCompare(b.host)),
  };
}
