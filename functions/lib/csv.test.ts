import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { neutraliseCell, toCsv } from './csv';
import { renderReportCsv } from '../services/reports/report-csv';
import type { ProtectionReport } from '../services/reports/report-data';

/* Every CSV cell is neutralised against formulas (issue 27): =, +, -, @, tab and CR prefixes. */

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('prefixes %j with an apostrophe', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text and numbers as they are', () => {
    expect(neutraliseCell('leaks.example')).toBe('leaks.example');
    expect(neutraliseCell(-5)).toBe(-5);
    expect(toCsv([['a', 'b'], ['=1+1', 3]])).toBe("a,b\n'=1+1,3\n");
  });

  it('neutralises the protection report a stranger can write into (host, recipient, urls)', () => {
    const report = {
      scope: 'user',
      cases: [
        {
          caseNumber: 'VIG-1',
          status: 'sent',
          host: '=cmd|"/c calc"!A1',
          urls: ['@evil'],
          createdAt: '2026-01-01T00:00:00Z',
          notice: { channel: 'email', recipient: '+abuse@evil.example', state: 'sent' },
        },
      ],
    } as unknown as ProtectionReport;
    const csv = renderReportCsv(report);
    const row = csv.trim().split('\n')[1]!;
    expect(row).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(row).toContain("'@evil");
    expect(row).toContain("'+abuse@evil.example");
    expect(row).not.toMatch(/(^|,)[=+@-]/);
  });
});

describe('the one CSV writer', () => {
  it('is the only module that imports csv-stringify, so no CSV escapes neutralising', () => {
    const root = join(__dirname, '..', '..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === 'dist') continue;
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts') && /['"]csv-stringify/.test(readFileSync(p, 'utf8'))) found.push(relative(root, p));
      }
    };
    for (const top of ['functions', 'web/src', 'shared', 'local']) walk(join(root, top));
    expect(found).toEqual(['functions/lib/csv.ts']);
  });
});
