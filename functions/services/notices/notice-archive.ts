import { putObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { isOwnedBy } from '../../lib/ownership';
import { agentIdentity } from './agent-identity';
import { renderNoticePdf } from './notice-pdf';
import type { NoticeInput } from './notice-content';
import { getCreatorFields } from '../creator-profile';
import { getResult } from '../search/results';
import { recordNoticeKey, type CaseRecord } from '../cases/case-store';
import { buildNoticeInput } from './notice-input';

/** `notices/{userId}/{caseId}/{timestamp}.pdf` in NOTICES_BUCKET. */
export function noticeKey(c: Pick<CaseRecord, 'userId' | 'id'>, at: Date): string {
  return `notices/${c.userId}/${c.id}/${at.toISOString().replace(/[:.]/g, '-')}.pdf`;
}

export interface ArchivedNotice {
  input: NoticeInput;
  pdf: Buffer;
  bucket: string;
  key: string;
}

/**
 * Renders a case's notice PDF (agent identity; creator details withheld) and stores it in the notices bucket
 * as evidence of what was issued and when, before anyone downloads or receives it.
 */
export async function renderAndArchiveNotice(c: CaseRecord, now = new Date()): Promise<ArchivedNotice> {
  const [result, creator] = await Promise.all([getResult(c.searchResultId), getCreatorFields(c.userId)]);
  const input = buildNoticeInput(c, isOwnedBy(result, c.userId) ? result : undefined, creator, agentIdentity(), now);
  const pdf = await renderNoticePdf(input);
  const bucket = config().noticesBucket;
  const key = noticeKey(c, now);
  await putObject(bucket, key, pdf, 'application/pdf', { caseNumber: c.caseNumber, caseId: c.id });
  await recordNoticeKey(c.id, key);
  return { input, pdf, bucket, key };
}
