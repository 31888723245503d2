import { chunkImports, parseIndexHtml, staticClosure } from './bundle-graph';

describe('parseIndexHtml', () => {
  it('finds the entry script, the modulepreloads and the stylesheets, ignoring other origins', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg">
      <script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
      <link rel="stylesheet" crossorigin href="/assets/index-C.css?v=1">
      <link rel="stylesheet" href="https://cdn.example/x.css">
      <script src="//cdn.example/y.js"></script>
    </head><body></body></html>`;
    expect(parseIndexHtml(html)).toEqual({
      scripts: ['assets/index-A.js'],
      modulepreloads: ['assets/vendor-B.js'],
      stylesheets: ['assets/index-C.css'],
    });
  });
});

describe('chunkImports', () => {
  it('tells static imports and re-exports from dynamic imports, resolved against the chunk', async () => {
    const code = 'import{a as b}from"./vendor-B.js";export*from"./util-D.js";const p=()=>import("./page-E.js");import("https://x/y.js");console.log(import.meta.url,b,p);';
    expect(await chunkImports(code, 'assets/index-A.js')).toEqual({
      static: ['assets/vendor-B.js', 'assets/util-D.js'],
      dynamic: ['assets/page-E.js'],
    });
  });
});

describe('staticClosure', () => {
  it('follows static imports transitively and survives cycles', async () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['c'], c: ['a'], d: ['a'] };
    const closure = await staticClosure(['a'], async (f) => graph[f] ?? []);
    expect([...closure].sort()).toEqual(['a', 'b', 'c']);
  });
});
