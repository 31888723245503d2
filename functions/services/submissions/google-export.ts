import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { getCreatorFields } from '../creator-profile';
import { buildGoogleBulkFile, type GoogleBulkFile } from './google-bulk-export';
import { getCase, listCasesByUser, type CaseRecord } from '../cases/case-store';
import { redactCreator } from '../notices/notice-input';
import { requireOwned } from '../../lib/ownership';

/**
 * The caller's cases in the text format of Google's Trusted Copyright Removal Program bulk upload: the given
 * cases (each must be the caller's, else 404), or without ids their newest 500. Descriptions go out with the
 * creator's details withheld, as in a notice. Resolved cases are included: delisting is separate from removal.
 */
export async function exportCasesForGoogle(userId: string, caseIds?: string[]): Promise<GoogleBulkFile> {
  let cases: CaseRecord[];
  if (caseIds) {
    cases = await Promise.all(
      caseIds.map(async (id) => requireOwned(await getCase(id), userId, `Case ${id}`)),
    );
  } else {
    cases = await listCasesByUser(userId, 500);
  }
  const creator = await getCreatorFields(userId);
  return buildGoogleBulkFile(
    cases.map((c) => ({
      description: redactCreator(c.description, creator),
      originalUrl: c.originalUrl,
      infringingUrls: splitInfringingUrls(c.infringingUrl),
    })),
  );
}
