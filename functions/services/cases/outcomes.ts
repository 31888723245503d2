import type { CaseOutcomeKind, LadderStep } from '../../../shared/schemas/cases';
import type { OutcomeFigures } from '../../../shared/schemas/outcomes';
import type { CaseRecord } from './case-store';
import { listCasesByUser } from './case-store';
import * as outcomeRecords from '../../store/entities/case-outcome';
import * as returnRecords from '../../store/entities/case-return';

/**
 * Takedown outcomes measured from cases (issue 23): how many ended removed at the source, delisted only,
 * counter-noticed or stopped; the median time from the first notice to removal per host and per ladder step; how
 * many copies came back after removal. A creator's figures come from their cases, the platform's from the
 * outcome records every ended case writes (store/entities/case-outcome.ts).
 */
export interface OutcomeSample {
  host: string;
  kind: CaseOutcomeKind;
  step?: LadderStep;
  sentAt?: string;
  at: string;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const hoursBetween = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 3_600_000);

export function outcomeFigures(samples: OutcomeSample[], extra: { open: number; cameBack: number | null }): OutcomeFigures {
  const count = (k: CaseOutcomeKind) => samples.filter((s) => s.kind === k).length;
  const ended = samples.length;
  const removed = samples.filter((s) => s.kind === 'removed');
  const group = (key: (s: OutcomeSample) => string | undefined) => {
    const by = new Map<string, number[]>();
    for (const s of removed) {
      const k = key(s);
      if (!k || !s.sentAt) continue;
      by.set(k, [...(by.get(k) ?? []), hoursBetween(s.sentAt, s.at)]);
    }
    return [...by].map(([k, hours]) => ({ key: k, removals: hours.length, medianHours: Math.round(median(hours)! * 10) / 10 })).sort((a, b) => b.removals - a.removals);
  };
  return {
    ended,
    open: extra.open,
    removed: removed.length,
    delisted: count('delisted'),
    counterNoticed: count('counter-noticed'),
    stopped: count('stopped'),
    removalRate: ended ? removed.length / ended : null,
    delistedOnlyShare: ended ? count('delisted') / ended : null,
    cameBack: extra.cameBack,
    medianHoursToRemoval: (() => {
      const h = removed.filter((s) => s.sentAt).map((s) => hoursBetween(s.sentAt!, s.at));
      const m = median(h);
      return m === null ? null : Math.round(m * 10) / 10;
    })(),
    byHost: group((s) => s.host).slice(0, 20).map(({ key, ...r }) => ({ host: key, ...r })),
    byStep: group((s) => s.step).map(({ key, ...r }) => ({ step: key as LadderStep, ...r })),
  };
}

/** A copy came back: the case was reopened as `reappeared` after a removal. */
const cameBack = (c: Pick<CaseRecord, 'statusHistory'>) => c.statusHistory.some((s) => s.status === 'reappeared');

/** A creator's figures, from their cases (the newest 500). */
export async function creatorOutcomes(userId: string): Promise<OutcomeFigures> {
  const list = await listCasesByUser(userId);
  const samples = list.flatMap((c) => (c.outcome ? [{ host: c.host, kind: c.outcome.kind, ...(c.outcome.step ? { step: c.outcome.step } : {}), ...(c.sentAt ? { sentAt: c.sentAt } : {}), at: c.outcome.at }] : []));
  return outcomeFigures(samples, { open: list.filter((c) => c.ladder && !c.outcome).length, cameBack: list.filter(cameBack).length });
}

/**
 * The platform's figures over the outcome records since `fromIso` (at most 5000), and the copies that came back
 * since then (distinct cases among the return records every reopening writes, store/entities/case-return.ts).
 * Cases still climbing are counted per creator only (they need every case), so `open` is 0 here.
 */
export async function platformOutcomes(fromIso: string): Promise<OutcomeFigures> {
  const [records, returns] = await Promise.all([outcomeRecords.listSince(fromIso, 5000), returnRecords.listSince(fromIso, 5000)]);
  return outcomeFigures(
    records.map((r) => ({ host: r.host, kind: r.kind, ...(r.step ? { step: r.step } : {}), ...(r.sentAt ? { sentAt: r.sentAt } : {}), at: r.at })),
    { open: 0, cameBack: new Set(returns.map((r) => r.caseId)).size },
  );
}

/**
 * Cases whose copies were removed at the source since `fromIso` (ids, newest ending per case, at most `limit`
 * records read): what the re-emergence job re-checks (issue 25).
 */
export async function removedCaseIdsSince(fromIso: string, limit = 5000): Promise<string[]> {
  const records = await outcomeRecords.listSince(fromIso, limit);
  return [...new Set(records.filter((r) => r.kind === 'removed').map((r) => r.caseId))];
}
