import { contract } from '../../../shared/contract';
import { areaHandler, binary, userEndpoint } from '../chain';
import { requireOwned } from '../../lib/ownership';
import { getCase } from '../../services/cases/case-store';
import { renderAndArchiveNotice } from '../../services/notices/notice-archive';
import { businessReport, platformReport, sendReportNow, userReport } from './reports';

/*
 * The routes that render PDFs: a case's notice (PRODUCT.md section 7) and the protection reports. They are an
 * area of their own so that only this function carries the PDF renderer (pdfmake, pdfkit, fontkit and the
 * fonts, about 200 KB gzip): the cases area stays within the bundle budget (ARCHITECTURE.md, "Lambda bundles").
 */

/** The notice PDF of a case, for its owner only (an admin may look at a case, not act on it): stored as evidence. */
const generatePdf = userEndpoint(contract.generatePdf, async ({ params, caller }) => {
  const c = await requireOwned(await getCase(params.id), caller.userId, 'Case');
  const notice = await renderAndArchiveNotice(c);
  return binary(notice.pdf, 'application/pdf', `dmca-${c.id}.pdf`);
});

export const handler = areaHandler('documents', [generatePdf, userReport, platformReport, sendReportNow, businessReport]);
