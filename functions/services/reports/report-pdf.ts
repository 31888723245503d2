import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { noticeFonts, runs } from '../notices/notice-fonts';
import { CASE_OUTCOME_LABELS, LADDER_STEP_LABELS } from '../../../shared/schemas/cases';
import type { ProtectionReport, ReportCase } from './report-data';

const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#1e3a5f';
const RULE = '#d1d5db';

const STATUS_LABELS: Record<ReportCase['status'], string> = { pending: 'Pending', sent: 'Sent', resolved: 'Resolved', reappeared: 'Reappeared' };

const day = (iso?: string) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : '–');

const tableLayout = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0 : i === 1 ? 0.75 : 0.4),
  hLineColor: () => RULE,
  vLineWidth: () => 0,
  paddingLeft: (i: number) => (i === 0 ? 0 : 5),
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function table(header: string[], rows: (string | Content)[][], widths: (number | string)[]): Content {
  const head = header.map((t) => ({ text: t, style: 'th' }));
  const body = rows.map((r) => r.map((cell) => (typeof cell === 'string' ? { text: runs(cell), style: 'td' } : cell)));
  return { table: { headerRows: 1, dontBreakRows: true, widths, body: [head, ...body] as TableCell[][] }, layout: tableLayout } as Content;
}

function figures(r: ProtectionReport): Content {
  const rows: [string, number][] = [
    ['Scans', r.scans.total],
    ['  of which monitor runs', r.scans.monitorRuns],
    ['Results found', r.results.found],
    ['Results decided', r.results.decided],
    ['  unauthorized', r.results.unauthorized],
    ['  safe', r.results.safe],
    ['Cases opened', r.caseCounts.opened],
    ['Notices sent', r.caseCounts.sent],
    ['Cases resolved', r.caseCounts.resolved],
    ['Copies reappeared', r.caseCounts.reappeared],
    ...(r.creators !== undefined ? ([['Creators with activity', r.creators]] as [string, number][]) : []),
  ];
  return table(
    ['Figure', 'In the period'],
    rows.map(([k, v]) => [k, { text: String(v), style: 'td', alignment: 'right' }]),
    [200, 80],
  );
}

const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);
const duration = (h: number | null) => (h === null ? '–' : h < 48 ? `${h} h` : `${Math.round((h / 24) * 10) / 10} days`);
const right = (text: string): Content => ({ text, style: 'td', alignment: 'right' }) as Content;

/**
 * Takedown outcomes of the period (issue 23), computed from the report's cases: the rates over the cases that
 * ended in it, the median time from the first notice to removal at the source per ladder step and per host, and the
 * copies that came back. Left out when no case ended, came back or is escalating.
 */
function outcomes(r: ProtectionReport): Content[] {
  const o = r.outcomes;
  if (o.ended === 0 && o.open === 0 && !o.cameBack) return [];
  const rows: [string, string][] = [
    ['Cases ended', String(o.ended)],
    ['  removed at the source', String(o.removed)],
    ['  delisted only', String(o.delisted)],
    ['  counter-noticed', String(o.counterNoticed)],
    ['  stopped', String(o.stopped)],
    ['Removal rate', pct(o.removalRate)],
    ['Delisted-only share', pct(o.delistedOnlyShare)],
    ['Median time to removal', duration(o.medianHoursToRemoval)],
    ['Copies that came back', String(o.cameBack ?? 0)],
    ['Still escalating', String(o.open)],
  ];
  return [
    { text: 'Takedown outcomes', style: 'h2' },
    table(['Outcome', 'In the period'], rows.map(([k, v]) => [k, right(v)]), [200, 80]),
    ...(o.byStep.length
      ? [
          { text: 'Median time to removal per ladder step', style: 'h3' } as Content,
          table(['Step', 'Removals', 'Median'], o.byStep.map((s) => [LADDER_STEP_LABELS[s.step], right(String(s.removals)), right(duration(s.medianHours))]), ['*', 60, 70]),
        ]
      : []),
    ...(o.byHost.length
      ? [
          { text: 'Median time to removal per host', style: 'h3' } as Content,
          table(['Host', 'Removals', 'Median'], o.byHost.map((h) => [h.host, right(String(h.removals)), right(duration(h.medianHours))]), ['*', 60, 70]),
        ]
      : []),
  ];
}

function caseBlock(c: ReportCase, platform: boolean): Content {
  const notice = [c.notice.channel, c.notice.recipient, c.notice.state].filter(Boolean).join(' · ');
  return {
    unbreakable: true,
    margin: [0, 0, 0, 8],
    stack: [
      { text: [{ text: `Case ${c.caseNumber}`, bold: true }, `  ·  ${STATUS_LABELS[c.status]}  ·  ${c.host}`], color: ACCENT },
      {
        text: `Opened ${day(c.createdAt)}   Sent ${day(c.sentAt)}   Resolved ${day(c.resolvedAt)}${c.reappearedAt ? `   Reappeared ${day(c.reappearedAt)}` : ''}`,
        style: 'small',
      },
      { text: runs(`Notice: ${notice}`), style: 'small' },
      ...(c.outcome
        ? [{ text: `Outcome: ${CASE_OUTCOME_LABELS[c.outcome.kind]}${c.outcome.step ? ` (${LADDER_STEP_LABELS[c.outcome.step]})` : ''}, ${day(c.outcome.at)}`, style: 'small' }]
        : c.escalating
          ? [{ text: 'Outcome: still escalating', style: 'small' }]
          : []),
      ...(platform ? [] : c.urls.slice(0, 10).map((u) => ({ text: runs(u), style: 'url' }))),
      ...(!platform && c.urls.length > 10 ? [{ text: `and ${c.urls.length - 10} more URLs`, style: 'small' }] : []),
    ],
  } as Content;
}

function docDefinition(r: ProtectionReport): TDocumentDefinitions {
  const platform = r.scope === 'platform';
  const title = platform ? 'Vigil platform report' : 'Vigil protection report';
  const period = `${day(`${r.period.from}T00:00:00Z`)} – ${day(`${r.period.to}T00:00:00Z`)}`;
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 56],
    info: { title: `${title}, ${period}`, author: 'Vigil', creator: 'Vigil' },
    footer: (page, pages) => ({
      margin: [50, 20, 50, 0],
      columns: [
        { text: `${title} · ${period}`, style: 'small' },
        { text: `Page ${page} of ${pages}`, style: 'small', alignment: 'right', width: 'auto' },
      ],
    }),
    content: [
      { text: title, style: 'h1' },
      { text: `${period} · generated ${day(r.generatedAt)}`, style: 'subtitle', margin: [0, 2, 0, 16] },
      { text: 'Figures', style: 'h2' },
      figures(r),
      ...outcomes(r),
      { text: 'Cases', style: 'h2' },
      ...(r.cases.length ? r.cases.map((c) => caseBlock(c, platform)) : [{ text: 'No case in this period.', style: 'small' } as Content]),
      { text: 'Hosts', style: 'h2' },
      r.hosts.length
        ? table(
            ['Host', 'Results found', 'Cases'],
            r.hosts.slice(0, 50).map((h) => [h.host, { text: String(h.results), style: 'td', alignment: 'right' }, { text: String(h.cases), style: 'td', alignment: 'right' }]),
            ['*', 80, 50],
          )
        : ({ text: 'No host in this period.', style: 'small' } as Content),
    ],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25, color: INK },
    styles: {
      h1: { fontSize: 20, bold: true },
      h2: { fontSize: 12, bold: true, color: ACCENT, margin: [0, 14, 0, 6] },
      h3: { fontSize: 10, bold: true, color: ACCENT, margin: [0, 10, 0, 4] },
      subtitle: { fontSize: 10, color: MUTED },
      small: { fontSize: 8.5, color: MUTED },
      url: { fontSize: 8.5, color: '#1d4ed8' },
      th: { fontSize: 8.5, bold: true, color: MUTED },
      td: { fontSize: 9 },
    },
  };
}

/** The report laid out for people, with the notices' fonts (Roboto, Noto Sans JP for Japanese text). */
export async function renderReportPdf(report: ProtectionReport): Promise<Buffer> {
  const { fonts, files } = noticeFonts();
  // pdfmake is a process-wide singleton: fonts and policies are set right before createPdf (as for notices).
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((p) => files.has(path.resolve(p)));
  return pdfmake.createPdf(docDefinition(report)).getBuffer();
}
