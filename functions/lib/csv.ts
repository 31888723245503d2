import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the product: every CSV a user downloads or is mailed goes through `toCsv`, so every cell
 * is neutralised against formula injection (OWASP "CSV Injection"). A spreadsheet runs a cell that starts with
 * `=`, `+`, `-` or `@` (and, in some, with a tab or carriage return before one) as a formula, so a host name or a
 * notice recipient a stranger chose could run `=HYPERLINK(...)` or DDE on the creator's machine. Such a cell gets
 * a leading apostrophe, which spreadsheets show as text and do not display; numbers stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

/** A cell as text a spreadsheet shows and never evaluates. */
export function neutraliseCell(cell: CsvCell): string | number | boolean | null | undefined {
  if (typeof cell !== 'string') return cell;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Rows (the header first) as RFC 4180 CSV with every text cell neutralised. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows.map((row) => row.map(neutraliseCell)));
}
