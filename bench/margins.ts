import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARGIN_MARKERS, marginTableMarkdown, planMargins } from '../functions/services/metrics/cost-model';

/*
 * `npm run docs:margins`: prints each plan's cost at full use and margin (functions/services/metrics/cost-model.ts
 * `planMargins`) and writes the table into docs/OPERATIONS.md between its markers, so the document shows what the
 * code computes (functions/services/metrics/cost-model.test.ts fails when they differ). `--out FILE` writes the JSON.
 */

const doc = join(__dirname, '..', 'docs', 'OPERATIONS.md');
const table = marginTableMarkdown();
console.log(table);
const text = readFileSync(doc, 'utf8');
const [start, end] = MARGIN_MARKERS;
const i = text.indexOf(start);
const j = text.indexOf(end);
if (i < 0 || j < i) throw new Error(`docs/OPERATIONS.md has no ${start} ... ${end} section`);
writeFileSync(doc, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
const out = process.argv.indexOf('--out');
if (out > 0 && process.argv[out + 1]) writeFileSync(process.argv[out + 1]!, JSON.stringify(planMargins(), null, 2));
