import { contract } from '@shared/contract';
import { submissionInfoSchema, type SubmissionInfoDto } from '@shared/schemas/cases';
import { api } from '@/lib/api-client';

/*
 * The manual notice of a case (PRODUCT.md sections 4 and 7): its PDF, saved as a download, and the search engine's
 * submission portal with the copy-paste assistant's fields. Only the cases feature makes these calls.
 */

/** The file name of a case's notice (PRODUCT.md section 7). */
export const noticeFileName = (caseId: string) => `dmca-${caseId}.pdf`;

/**
 * Generates a case's notice (`POST /api/dmca/{id}/generate`) and saves it as `dmca-{id}.pdf`.
 * @throws {ApiError} when the server cannot generate it.
 */
export async function downloadNoticePdf(caseId: string): Promise<void> {
  const pdf = (await api(contract.generatePdf, { params: { id: caseId }, responseType: 'blob' })) as Blob;
  saveBlob(pdf, noticeFileName(caseId));
}

/** Saves a blob as a download: an object URL clicked through a temporary link (the browser's only way). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Reads a search engine's submission portal and the copy-paste assistant's fields. */
export async function getSubmissionInfo(searchEngine: string, caseId?: string): Promise<SubmissionInfoDto> {
  return submissionInfoSchema.parse(await api(contract.submissionInfo, { params: { searchEngine }, query: { caseId } }));
}

/** Opens a submission portal in a new tab, without giving it a handle on this page. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** How long after the PDF download the submission portal opens (PRODUCT.md section 4: "after about 1 second"). */
export const PORTAL_DELAY_MS = 1000;

/**
 * The manual notice flow (PRODUCT.md section 4): downloads the case's PDF, then about a second later opens the search
 * engine's submission portal in a new tab. The portal is looked up while the PDF is made; if that lookup fails the
 * PDF is still saved and no tab opens.
 * @throws {ApiError} when the PDF cannot be generated.
 */
export async function generateNoticeAndOpenPortal(caseId: string, searchEngine: string): Promise<void> {
  const portal = getSubmissionInfo(searchEngine, caseId).catch(() => undefined);
  await downloadNoticePdf(caseId);
  const info = await portal;
  if (info) setTimeout(() => openInNewTab(info.submissionUrl), PORTAL_DELAY_MS);
}

/** The toast of a failed PDF generation (PRODUCT.md section 8). */
export const GENERATION_FAILED = { title: 'Generation Failed', description: 'Failed to generate PDF. Please try again.' } as const;
