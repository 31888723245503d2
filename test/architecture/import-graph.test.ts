import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/*
 * The layers of functions/ (docs/ARCHITECTURE.md, "Shape of the code"), read from the production files' own
 * imports: a file imports its own top folder or a lower layer, never a higher one, and inside a top folder the
 * second-level folders (services/<domain>, http/<area>, ...) import each other without a loop.
 */
const ROOT = resolve(__dirname, '../..');
const LAYER: Record<string, number> = { shared: 0, lib: 1, store: 2, adapters: 2, matching: 2, services: 3, http: 4, workflows: 4, jobs: 4 };

const isProduction = (path: string) => !/\.test\.tsx?$|\.d\.ts$|[\\/](tests?|fixtures)[\\/]/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter(isProduction);
}

/** `functions/services/cases/x.ts` -> ['services', 'cases']; a file directly in a top folder is a node of its own. */
function place(absolute: string): { top: string; node: string } | undefined {
  const parts = relative(ROOT, absolute).split(sep);
  if (parts[0] === 'shared') return { top: 'shared', node: 'shared' };
  if (parts[0] !== 'functions' || parts.length < 2) return undefined;
  const top = parts[1]!;
  const second = (parts[2] ?? top).replace(/\.tsx?$/, '');
  return { top, node: `${top}/${second}` };
}

interface Edge {
  from: string;
  to: string;
  file: string;
}

function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(join(ROOT, 'functions'))) {
    const from = place(file)!;
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const to = place(resolve(dirname(file), ref.fileName));
      if (to) edges.push({ from: from.node, to: to.node, file: `${relative(ROOT, file)} -> ${ref.fileName}` });
    }
  }
  return edges;
}

const topOf = (node: string) => node.split('/')[0]!;
const edges = importEdges();

it('reads the imports of the whole of functions/', () => {
  expect(edges.length).toBeGreaterThan(500);
  expect(new Set(edges.map((e) => topOf(e.from)))).toEqual(new Set(['adapters', 'http', 'jobs', 'lib', 'matching', 'services', 'store', 'workflows']));
});

it('imports only its own top folder or a lower layer', () => {
  const upward = edges.filter((e) => {
    const [a, b] = [topOf(e.from), topOf(e.to)];
    if (LAYER[a] === undefined || LAYER[b] === undefined) return true; // a new top folder must be given a layer
    return a !== b && LAYER[b]! >= LAYER[a]!;
  });
  expect(upward.map((e) => e.file)).toEqual([]);
});

it('has no loop between the folders of a top folder', () => {
  const next = new Map<string, Set<string>>();
  for (const e of edges) if (e.from !== e.to && topOf(e.from) === topOf(e.to)) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const loops: string[] = [];
  // Depth-first search: a node met again while on the current path closes a loop.
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const to of next.get(node) ?? []) {
      if (state.get(to) === 'open') loops.push([...path.slice(path.indexOf(to)), to].join(' -> '));
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...next.keys()].sort()) if (!state.has(node)) visit(node);
  expect(loops).toEqual([]);
});
