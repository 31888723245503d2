import { init, parse } from 'es-module-lexer';
import { Parser } from 'htmlparser2';
import path from 'node:path/posix';

/** What index.html makes the browser fetch before the app can run. */
export interface HtmlRefs {
  /** `<script type="module" src>`: the entry chunks. */
  scripts: string[];
  /** `<link rel="modulepreload" href>`. */
  modulepreloads: string[];
  /** `<link rel="stylesheet" href>`. */
  stylesheets: string[];
}

/** Reads the asset references of a built index.html, as paths relative to the site root (no leading slash). */
export function parseIndexHtml(html: string): HtmlRefs {
  const refs: HtmlRefs = { scripts: [], modulepreloads: [], stylesheets: [] };
  const local = (url: string | undefined) => (url && !/^[a-z]+:|^\/\//i.test(url) ? url.replace(/^\//, '').split(/[?#]/)[0]! : undefined);
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'script' && attrs.src) {
        const src = local(attrs.src);
        if (src) refs.scripts.push(src);
      } else if (name === 'link') {
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        const href = local(attrs.href);
        if (!href) return;
        if (rel.includes('modulepreload')) refs.modulepreloads.push(href);
        else if (rel.includes('stylesheet')) refs.stylesheets.push(href);
      }
    },
  });
  parser.end(html);
  return refs;
}

/** The relative module specifiers a chunk imports, split into static (needed at load) and dynamic (lazy). */
export async function chunkImports(code: string, file: string): Promise<{ static: string[]; dynamic: string[] }> {
  await init;
  const [imports] = parse(code, file);
  const out = { static: [] as string[], dynamic: [] as string[] };
  for (const imp of imports) {
    // d === -1: a static import or re-export; d >= 0: import(); d === -2: import.meta (not a module).
    if (imp.d === -2 || !imp.n || !imp.n.startsWith('.')) continue;
    const resolved = path.normalize(path.join(path.dirname(file), imp.n));
    (imp.d === -1 ? out.static : out.dynamic).push(resolved);
  }
  return out;
}

/**
 * Every chunk reachable from the roots through static imports: what the browser must download before the
 * entry runs. `importsOf` gives a chunk's static imports (paths relative to the site root).
 */
export async function staticClosure(roots: readonly string[], importsOf: (file: string) => Promise<string[]>): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(await importsOf(file)));
  }
  return seen;
}
