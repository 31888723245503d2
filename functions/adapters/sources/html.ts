import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSelector, type Compound, type Step } from './selector';

/**
 * HTML reading for the connectors: htmlparser2 (already a dependency) builds the tree; `select` understands the
 * small CSS subset the site rules and the Telegram reader use: tag, `#id`, `.class`, `[attr]`, `[attr=v]`,
 * `[attr^=v]`, `[attr$=v]`, `[attr*=v]`, `[attr~=v]`, descendant and child (`>`) combinators, and `,` alternatives.
 * A selector outside the subset is a configuration error (site rules are checked when loaded; selector.ts parses it).
 */
export type Element = ReturnType<typeof DomUtils.findAll>[number];
type AnyNode = Parameters<typeof DomUtils.textContent>[0] extends infer N ? (N extends readonly (infer E)[] ? E : N) : never;

function matchesCompound(el: Element, c: Compound): boolean {
  if (c.tag && el.name.toLowerCase() !== c.tag) return false;
  if (c.id && el.attribs.id !== c.id) return false;
  if (c.classes.length) {
    const classes = (el.attribs.class ?? '').split(/\s+/);
    if (!c.classes.every((x) => classes.includes(x))) return false;
  }
  for (const a of c.attrs) {
    const v = el.attribs[a.name];
    if (v === undefined) return false;
    if (!a.op) continue;
    const want = a.value ?? '';
    if (a.op === '=' && v !== want) return false;
    if (a.op === '^=' && !v.startsWith(want)) return false;
    if (a.op === '$=' && !v.endsWith(want)) return false;
    if (a.op === '*=' && !v.includes(want)) return false;
    if (a.op === '~=' && !v.split(/\s+/).includes(want)) return false;
  }
  return true;
}

function parentElement(el: Element): Element | undefined {
  const p = el.parent;
  return p && (p as Element).name !== undefined && (p as Element).attribs !== undefined ? (p as Element) : undefined;
}

/** Whether `el` matches the steps (right to left), ancestors bounded by `scope` (exclusive of nothing above it). */
function matchesSteps(el: Element, steps: Step[], i: number, scope: AnyNode | undefined): boolean {
  if (!matchesCompound(el, steps[i].compound)) return false;
  if (i === 0) return true;
  const combinator = steps[i].combinator;
  let p = parentElement(el);
  while (p && p !== scope) {
    if (matchesSteps(p, steps, i - 1, scope)) return true;
    if (combinator === '>') return false;
    p = parentElement(p);
  }
  return false;
}

/** Every element under `root` (a document or an element; not `root` itself) matching `selector`, in document order. */
export function select(root: AnyNode, selector: string): Element[] {
  const alternatives = parseSelector(selector);
  const children = (root as { children?: AnyNode[] }).children ?? [];
  return DomUtils.findAll((el) => alternatives.some((steps) => matchesSteps(el, steps, steps.length - 1, root)), children);
}

export function selectOne(root: AnyNode, selector: string): Element | undefined {
  return select(root, selector)[0];
}

export function parseHtml(html: string): AnyNode {
  return parseDocument(html, { decodeEntities: true }) as unknown as AnyNode;
}

/** Text content with whitespace folded; `<br>` read as a line break. */
export function textOf(node: AnyNode | undefined): string {
  if (!node) return '';
  return DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
}

export function attr(el: Element | undefined, name: string): string | undefined {
  const v = el?.attribs[name.toLowerCase()];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** Resolves a link against the page it was found on; undefined for anything that is not http(s). */
export function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** The URL inside a `style` attribute's `background-image:url('…')`. */
export function backgroundImage(style: string | undefined): string | undefined {
  const m = style ? /background-image\s*:\s*url\(\s*(['"]?)([^'")]+)\1\s*\)/i.exec(style) : null;
  return m?.[2];
}
