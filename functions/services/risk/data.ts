import type { Priority, ResultContentType } from '../../../shared/schemas/search';
import * as resultStore from '../../store/entities/result';
import * as searchStore from '../../store/entities/search';
import { allowlistMatcher } from '../allowlist';
import { listCasesByUser } from '../cases/case-store';

/**
 * What the risk figures are computed from: the caller's results (newest first, at most MAX_RISK_RESULTS,
 * only the attributes the formula reads) and cases, each one Query on the caller's own gsi1 partition.
 */
export const MAX_RISK_RESULTS = 5000;
export const MAX_RISK_CASES = 2000;

export interface RiskResult {
  id: string;
  platform: string;
  domain: string;
  contentType: ResultContentType;
  priority: Priority;
  confidence: number;
  review: 'unauthorized' | 'safe' | null;
  /** Epoch ms: when Vigil found (stored) it. */
  createdAt: number;
  /** Epoch ms: when the copy was first seen online (evidence.seenAt; the find time when unknown). */
  seenAt: number;
  /** Epoch ms: when the copy was taken down (a resolved case), if it was. */
  resolvedAt?: number;
  /** A notice about it was sent (a case reached `sent` or `resolved`). */
  noticeSent: boolean;
  /** `seenAt` is the copy's first known date online (evidence.seenAt), not the find time standing in for it. */
  seenKnown: boolean;
  /** Its site is on the creator's allowlist now. */
  allowlisted: boolean;
}

export interface RiskCase {
  id: string;
  resultId: string;
  status: string;
  createdAt: number;
  sentAt?: number;
  resolvedAt?: number;
}

export interface RiskData {
  results: RiskResult[];
  cases: RiskCase[];
  /** The caller has started at least one scan. */
  hasSearches: boolean;
}

const ms = (v: unknown) => (typeof v === 'string' && v ? Date.parse(v) : undefined);

/** Loads the caller's results, cases and whether they ever scanned. */
export async function loadRiskData(userId: string): Promise<RiskData> {
  const [resultItems, caseRecords, hasSearches, allowlisted] = await Promise.all([
    resultStore.listFactsByOwner(userId, MAX_RISK_RESULTS),
    listCasesByUser(userId, MAX_RISK_CASES),
    searchStore.ownerHasSearches(userId),
    allowlistMatcher(userId),
  ]);
  const cases: RiskCase[] = caseRecords.map((c) => ({
    id: c.id,
    resultId: c.searchResultId,
    status: c.status,
    createdAt: Date.parse(c.createdAt),
    sentAt: ms(c.sentAt),
    resolvedAt: ms(c.resolvedAt),
  }));
  const resolvedByResult = new Map<string, number>();
  const noticeByResult = new Set<string>();
  for (const c of cases) {
    if (c.status === 'sent' || c.status === 'resolved' || c.sentAt !== undefined) noticeByResult.add(c.resultId);
    if (c.status === 'resolved' && c.resolvedAt !== undefined) {
      resolvedByResult.set(c.resultId, Math.min(resolvedByResult.get(c.resultId) ?? Infinity, c.resolvedAt));
    }
  }
  const results: RiskResult[] = resultItems.map((i) => {
    const id = String(i.id);
    const createdAt = Date.parse(String(i.createdAt));
    const seenAt = ms(i.seenAt) ?? createdAt;
    const resolvedAt = ms(i.takedownAt) ?? resolvedByResult.get(id);
    const review = i.userReviewStatus === 'unauthorized' || i.userReviewStatus === 'safe' ? i.userReviewStatus : null;
    return {
      id,
      platform: String(i.platform || 'other'),
      domain: String(i.domain ?? ''),
      contentType: i.contentType,
      priority: i.priority ?? 'low',
      confidence: Number(i.confidence ?? 0),
      review,
      createdAt,
      seenAt: Number.isFinite(seenAt) ? seenAt : createdAt,
      ...(resolvedAt !== undefined && Number.isFinite(resolvedAt) ? { resolvedAt } : {}),
      noticeSent: noticeByResult.has(id) || resolvedAt !== undefined,
      seenKnown: ms(i.seenAt) !== undefined && Number.isFinite(seenAt),
      allowlisted: i.domain ? allowlisted(String(i.domain)) : false,
    };
  });
  return { results, cases, hasSearches };
}
