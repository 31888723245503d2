import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Priority, ResultContentType } from '../../../shared/schemas/search';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { listCasesByUser } from '../cases/case-store';
import { RESULT } from '../search/results';
import { SEARCH } from '../search/searches';
import { GSI1 } from '../../store/table';

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

type Item = Record<string, unknown>;
const ms = (v: unknown) => (typeof v === 'string' && v ? Date.parse(v) : undefined);

async function queryOwn(partition: string, limit: number, projection?: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: GSI1.indexName,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: Math.min(1000, limit - items.length),
        ExclusiveStartKey: start,
        ...(projection
          ? {
              ProjectionExpression: projection,
              ExpressionAttributeNames: Object.fromEntries(
                [...projection.matchAll(/#\w+/g)].map(([n]) => [n, n.slice(1)]),
              ),
            }
          : {}),
      }),
    );
    items.push(...((res.Items ?? []) as Item[]));
    start = res.LastEvaluatedKey as Item | undefined;
  } while (start && items.length < limit);
  return items;
}

const RESULT_PROJECTION =
  '#id, #platform, #domain, #contentType, #priority, #confidence, #userReviewStatus, #createdAt, #evidence.#seenAt, #takedownAt';

/** Loads the caller's results, cases and whether they ever scanned. */
export async function loadRiskData(userId: string): Promise<RiskData> {
  const [resultItems, caseRecords, searchItems] = await Promise.all([
    queryOwn(keys.ownedByPartition(userId, RESULT), MAX_RISK_RESULTS, RESULT_PROJECTION),
    listCasesByUser(userId, MAX_RISK_CASES),
    queryOwn(keys.ownedByPartition(userId, SEARCH), 1, '#id'),
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
    const seenAt = ms((i.evidence as Item | undefined)?.seenAt) ?? createdAt;
    const resolvedAt = ms(i.takedownAt) ?? resolvedByResult.get(id);
    const review = i.userReviewStatus === 'unauthorized' || i.userReviewStatus === 'safe' ? i.userReviewStatus : null;
    return {
      id,
      platform: String(i.platform || 'other'),
      domain: String(i.domain ?? ''),
      contentType: i.contentType as ResultContentType,
      priority: (i.priority as Priority) ?? 'low',
      confidence: Number(i.confidence ?? 0),
      review,
      createdAt,
      seenAt: Number.isFinite(seenAt) ? seenAt : createdAt,
      ...(resolvedAt !== undefined && Number.isFinite(resolvedAt) ? { resolvedAt } : {}),
      noticeSent: noticeByResult.has(id) || resolvedAt !== undefined,
    };
  });
  return { results, cases, hasSearches: searchItems.length > 0 };
}
