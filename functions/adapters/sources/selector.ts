/*
 * The CSS subset the site rules and the Telegram reader use (html.ts matches it): tag, `#id`, `.class`,
 * `[attr]`, `[attr=v]`, `[attr^=v]`, `[attr$=v]`, `[attr*=v]`, `[attr~=v]`, descendant and child (`>`)
 * combinators, and `,` alternatives. Parsed apart from the HTML reader so that checking the site rules (a scan
 * or monitor form naming a site) does not load the HTML parser. Hand-written: the rules need only this subset,
 * and a selector outside it must be refused when the rules load.
 */

interface AttrTest {
  name: string;
  op?: '=' | '^=' | '$=' | '*=' | '~=';
  value?: string;
}
export interface Compound {
  tag?: string;
  id?: string;
  classes: string[];
  attrs: AttrTest[];
}
export interface Step {
  compound: Compound;
  /** How this step relates to the one before it (to its left). */
  combinator: ' ' | '>';
}

const cache = new Map<string, Step[][]>();

/** Parses a selector of the subset; throws on anything else. */
export function parseSelector(selector: string): Step[][] {
  const hit = cache.get(selector);
  if (hit) return hit;
  const alternatives = selector.split(',').map((alt) => {
    const tokens = alt.trim().replace(/\s*>\s*/g, ' > ').split(/\s+/).filter(Boolean);
    if (!tokens.length) throw new Error(`empty selector in "${selector}"`);
    const steps: Step[] = [];
    let combinator: ' ' | '>' = ' ';
    for (const t of tokens) {
      if (t === '>') {
        combinator = '>';
        continue;
      }
      steps.push({ compound: parseCompound(t, selector), combinator });
      combinator = ' ';
    }
    return steps;
  });
  cache.set(selector, alternatives);
  return alternatives;
}

function parseCompound(token: string, selector: string): Compound {
  const out: Compound = { classes: [], attrs: [] };
  const re = /^([a-zA-Z][a-zA-Z0-9-]*|\*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:([~^$*]?=)"?([^\]"]*)"?)?\]/y;
  let at = 0;
  while (at < token.length) {
    re.lastIndex = at;
    const m = re.exec(token);
    if (!m || m[0] === '') throw new Error(`unsupported selector "${selector}" at "${token.slice(at)}"`);
    if (m[1] && at === 0) out.tag = m[1] === '*' ? undefined : m[1].toLowerCase();
    else if (m[1]) throw new Error(`unsupported selector "${selector}"`);
    if (m[2]) out.id = m[2];
    if (m[3]) out.classes.push(m[3]);
    if (m[4]) out.attrs.push({ name: m[4].toLowerCase(), op: m[5] as AttrTest['op'], value: m[6] });
    at = re.lastIndex;
    if (m[1]) re.lastIndex = at;
  }
  return out;
}
