/** Column alignment: numbers read best right-aligned. */
export type Align = 'left' | 'right';

/**
 * Renders rows as a plain-text table with a header rule, for benchmark output that is pasted into reports.
 * Written by hand because it is a dozen lines and the output must stay stable across library versions.
 */
export function renderTable(header: string[], rows: string[][], align: Align[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align[i] === 'right' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
