import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, ContentCanvas, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  ACCURACY_STATEMENT,
  GOOD_FAITH_STATEMENT,
  SUBTITLE,
  TITLE,
  addressLines,
  addressee,
  agentStatement,
  rungContext,
  onBehalfOf,
  foundThrough,
  formatDate,
  formatSimilarity,
  formatTimestamp,
  prepareNotice,
  captureLine,
  requestStatement,
  signatureLines,
  type Notice,
  type NoticeEvidenceChecked,
  type NoticeInput,
} from './notice-content';
import { isRenderable, noticeFonts, runs } from './notice-fonts';

export { renderNoticeText } from './notice-text';
export type { NoticeInput } from './notice-content';

const INK = '#111827';
const MUTED = '#6b7280';
const ACCENT = '#1e3a5f';
const RULE = '#d1d5db';
const PANEL = '#f3f4f6';
const PAGE_WIDTH = 612; // US Letter, points
const MARGIN_X = 60;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

/** A URL as inline runs: shown as given when every character can be drawn, else in its ASCII (punycode,
 * percent-encoded) form, which locates the same resource; always linked to the ASCII form. */
function urlText(url: string, extra: Record<string, unknown> = {}): Content {
  const href = new URL(url).href;
  const shown = isRenderable(url) ? url : href;
  return { text: runs(shown).map((r) => ({ ...r, link: href })), ...extra } as Content;
}

function rule(width = CONTENT_WIDTH, color = RULE, lineWidth = 0.75): ContentCanvas {
  return { canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth, lineColor: color }] };
}

/**
 * A section heading. `headlineLevel` lets pageBreakBefore move a heading stranded at the bottom of a page;
 * headings inside an `unbreakable` stack must not have it (a break forced inside an unbreakable block makes
 * pdfmake drop the block), so those pass `inUnbreakable`.
 */
function heading(num: number, title: string, cite: string, inUnbreakable = false): Content {
  return {
    ...(inUnbreakable ? {} : { headlineLevel: 1 }),
    stack: [
      {
        columns: [
          { text: `${num}.  ${title}`, style: 'h2', width: '*' },
          { text: cite, style: 'cite', width: 'auto', margin: [0, 3, 0, 0] },
        ],
      },
      { ...rule(), margin: [0, 3, 0, 6] },
    ],
    margin: [0, 16, 0, 0],
  } as Content;
}

/** Label/value rows without borders. */
function fields(rows: [string, Content][]): Content {
  return {
    table: {
      widths: [112, '*'],
      body: rows.map(([label, value]) => [{ text: label, style: 'label' }, value as TableCell]),
    },
    layout: { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 6, paddingTop: () => 2, paddingBottom: () => 3 },
  };
}

function evidenceTable(n: Notice): Content {
  const header = ['#', 'URL', 'Seen', 'Similarity'].map((t) => ({ text: t, style: 'th' }));
  const body = n.evidence.map((e, i) => [
    { text: String(i + 1), style: 'td' },
    urlText(e.url, { style: 'td' }),
    { text: formatTimestamp(e.seenAt), style: 'td', noWrap: true },
    { text: formatSimilarity(e.similarity), style: 'td', alignment: 'right' },
  ]);
  return {
    // Fixed widths: with 'auto' columns pdfmake sizes the URL column to its longest unbreakable URL and the
    // table overflows the page; with a fixed width it breaks long URLs inside the cell instead.
    table: { headerRows: 1, dontBreakRows: true, widths: [14, 300, 90, 52], body: [header, ...body] as TableCell[][] },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0 : i === 1 ? 0.75 : 0.4),
      hLineColor: () => RULE,
      vLineWidth: () => 0,
      paddingLeft: (i: number) => (i === 0 ? 0 : 6),
      paddingRight: () => 4,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  } as Content;
}

const jpeg = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;

/**
 * One copy's evidence (issue 23): the work and the copy side by side, how they were matched, and the capture of
 * the page when the case was opened (final URL, time, HTTP status, title, SHA-256 of the bytes).
 */
function evidenceDetail(e: NoticeEvidenceChecked, num: number): Content {
  const picture = (img: Buffer | undefined, caption: string) => ({
    width: 170,
    stack: [
      img ? { image: jpeg(img), fit: [160, 160] } : { text: 'No picture kept', style: 'small', margin: [0, 40, 0, 40] },
      { text: caption, style: 'small', margin: [0, 3, 0, 0] },
    ],
  });
  const rows: [string, Content][] = [];
  if (e.match) rows.push(['How matched', { text: runs(e.match) }]);
  if (e.capture) {
    rows.push(['Page capture', { text: runs(captureLine(e.capture)) }]);
    rows.push(['Final URL', urlText(e.capture.finalUrl, { style: 'url' })]);
    if (e.capture.sha256) rows.push(['SHA-256', { text: e.capture.sha256, style: 'td' }]);
  }
  return {
    unbreakable: true,
    margin: [0, 10, 0, 0],
    stack: [
      { columns: [{ text: `Copy ${num}:`, bold: true, width: 'auto' }, urlText(e.url, { style: 'url', width: '*' })], columnGap: 4, margin: [0, 0, 0, 4] },
      ...(e.referenceImage || e.copyImage
        ? [{ columns: [picture(e.referenceImage, 'The copyrighted work (reference)'), picture(e.copyImage, 'The copy as found'), { width: '*', text: '' }], columnGap: 12, margin: [0, 0, 0, 6] } as Content]
        : []),
      ...(rows.length ? [fields(rows)] : []),
    ],
  } as Content;
}

function docDefinition(n: Notice): TDocumentDefinitions {
  const { agent } = n;
  const dated = formatDate(n.date);
  let section = 0;
  const next = () => ++section;

  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: runs(agent.company), style: 'brand' },
            { text: 'Copyright enforcement · authorized DMCA agent', style: 'small' },
          ],
        },
        {
          width: 'auto',
          stack: [
            { text: `Case ${n.caseNumber}`, style: 'caseNo', alignment: 'right' },
            { text: dated, style: 'small', alignment: 'right' },
          ],
        },
      ],
    },
    { ...rule(CONTENT_WIDTH, ACCENT, 2), margin: [0, 8, 0, 18] },
    { text: TITLE, style: 'h1' },
    { text: SUBTITLE, style: 'subtitle', margin: [0, 2, 0, 14] },
    fields([
      ['To', { text: addressee(n.rung, n.recipientName) }],
      ['From', { text: runs(`${agent.name}, ${agent.company}, ${onBehalfOf(n.rightsOwner)}`) }],
      ['Date', { text: dated }],
    ]),
    { text: runs(agentStatement(agent, n.rightsOwner)), margin: [0, 10, 0, 0] },
    ...(rungContext(n.rung, n.earlier) ? [{ text: runs(rungContext(n.rung, n.earlier)!), margin: [0, 6, 0, 0] } as Content] : []),

    heading(next(), 'Copyrighted work', '§ 512(c)(3)(A)(ii)'),
    fields([
      ['Description', { stack: n.work.description.split('\n').map((line) => ({ text: runs(line), margin: [0, 0, 0, 2] })) }],
      ...(n.work.originalUrl ? [['Authorized original', urlText(n.work.originalUrl, { style: 'url' })] as [string, Content]] : []),
    ]),

    heading(next(), 'Infringing material', '§ 512(c)(3)(A)(iii)'),
    { text: [requestStatement(n.infringingUrls.length, n.rung), foundThrough(n.searchEngine) ? ` ${foundThrough(n.searchEngine)}` : ''], margin: [0, 0, 0, 6] },
    { ol: n.infringingUrls.map((u) => urlText(u, { style: 'url', margin: [0, 0, 0, 3] })), markerColor: MUTED },
  ];

  if (n.evidence.length > 0) {
    content.push(
      heading(next(), 'Evidence captured at detection', 'supporting'),
      { text: 'Each copy was seen and matched against the authorized original at the time shown (UTC).', margin: [0, 0, 0, 6] },
      evidenceTable(n),
      ...n.evidence.filter((e) => e.match || e.capture || e.referenceImage || e.copyImage).map((e) => evidenceDetail(e, n.evidence.indexOf(e) + 1)),
    );
  }

  content.push(
    {
      unbreakable: true,
      stack: [
        heading(next(), 'Contact information of the complaining party', '§ 512(c)(3)(A)(iv)', true),
        { text: 'The complaining party acts through its authorized agent, who can be contacted at:', margin: [0, 0, 0, 6] },
        fields([
          ['Name', { text: runs(agent.name) }],
          ['Company', { text: runs(agent.company) }],
          ['Address', { stack: addressLines(agent.address).map((l) => ({ text: runs(l) })) }],
          ['Telephone', { text: agent.phone }],
          ['E-mail', { text: agent.email, link: `mailto:${agent.email}` }],
        ]),
      ],
    } as Content,

    heading(next(), 'Statements', '§ 512(c)(3)(A)(v), (vi)'),
    {
      table: {
        widths: ['*'],
        body: [
          [{ text: [{ text: 'Good faith. ', bold: true }, GOOD_FAITH_STATEMENT] }],
          [{ text: [{ text: 'Accuracy and authority. ', bold: true }, ACCURACY_STATEMENT] }],
        ],
      },
      layout: {
        fillColor: () => PANEL,
        hLineWidth: () => 0,
        vLineWidth: (i: number) => (i === 0 ? 2.5 : 0),
        vLineColor: () => ACCENT,
        paddingLeft: () => 10,
        paddingRight: () => 10,
        paddingTop: (i: number) => (i === 0 ? 8 : 3),
        paddingBottom: (i: number, node: { table: { body: unknown[] } }) => (i === node.table.body.length - 1 ? 8 : 3),
      },
    } as Content,

    {
      unbreakable: true,
      stack: [
        heading(next(), 'Signature', '§ 512(c)(3)(A)(i)', true),
        { text: runs(`/s/ ${agent.signatureName}`), style: 'signature', margin: [0, 6, 0, 2] },
        { ...rule(260, INK, 0.75), margin: [0, 0, 0, 4] },
        ...signatureLines(agent, dated).map((line, i) => (i === 0 ? { text: runs(line), bold: true } : { text: runs(line), style: 'small' })),
      ],
    } as Content,
  );

  return {
    pageSize: 'LETTER',
    pageMargins: [MARGIN_X, 56, MARGIN_X, 60],
    info: {
      title: `${TITLE} – Case ${n.caseNumber}`,
      author: agent.company,
      subject: `DMCA notice, case ${n.caseNumber}`,
      keywords: `DMCA; 17 U.S.C. 512(c)(3); case ${n.caseNumber}; ${n.caseId}`,
      creator: 'Vigil',
    },
    header: (page) =>
      page === 1
        ? ''
        : { text: `${TITLE} · Case ${n.caseNumber}`, style: 'small', alignment: 'right', margin: [MARGIN_X, 28, MARGIN_X, 0] },
    footer: (page, pages) => ({
      margin: [MARGIN_X, 18, MARGIN_X, 0],
      stack: [
        rule(),
        {
          margin: [0, 5, 0, 0],
          columns: [
            { text: runs(`${agent.company} · Case ${n.caseNumber} · ${dated}`), style: 'small' },
            { text: `Page ${page} of ${pages}`, style: 'small', alignment: 'right', width: 'auto' },
          ],
        },
      ],
    }),
    // A section heading in the last ~15% of a page would sit alone at the bottom: move it to the next page.
    pageBreakBefore: (node) => node.headlineLevel === 1 && node.startPosition.verticalRatio > 0.84,
    content,
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25, color: INK },
    styles: {
      brand: { fontSize: 12, bold: true, color: ACCENT },
      caseNo: { fontSize: 11, bold: true, color: ACCENT },
      h1: { fontSize: 20, bold: true, color: INK },
      subtitle: { fontSize: 10, color: MUTED },
      h2: { fontSize: 11.5, bold: true, color: ACCENT },
      cite: { fontSize: 8, color: MUTED },
      label: { color: MUTED, fontSize: 9.5 },
      small: { fontSize: 8.5, color: MUTED },
      url: { fontSize: 9.5, color: '#1d4ed8' },
      th: { fontSize: 8.5, bold: true, color: MUTED },
      td: { fontSize: 8.5 },
      signature: { fontSize: 15, italics: true, color: ACCENT },
    },
  };
}

/**
 * Renders a DMCA notice as a PDF with every element of 17 U.S.C. 512(c)(3)(A): the agent's /s/ signature,
 * the work and where its authorized original is, each infringing URL, the agent's contact details, and the
 * good-faith and accuracy/authority statements, with the case number and date. Fonts are embedded (Roboto,
 * Noto Sans JP), so any Latin, Greek, Cyrillic or Japanese text survives; pdfmake may read only those font
 * files and no URL. Throws ValidationError when the input is incomplete.
 */
export async function renderNoticePdf(input: NoticeInput): Promise<Buffer> {
  const notice = prepareNotice(input);
  const { fonts, files } = noticeFonts();
  // pdfmake is a process-wide singleton: set fonts and policies right before createPdf, which reads them
  // synchronously, so another user of pdfmake in the same process cannot change what this document gets.
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((p) => files.has(path.resolve(p)));
  return pdfmake.createPdf(docDefinition(notice)).getBuffer();
}
