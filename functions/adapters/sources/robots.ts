/**
 * robots.txt, as RFC 9309 reads it: the group whose `user-agent` names our product token (else `*`), its `allow`
 * and `disallow` rules, the longest matching path wins, `allow` on a tie; `*` matches any run of characters and a
 * trailing `$` anchors the end. A file that cannot be read (4xx) allows everything; a server error (5xx)
 * disallows everything, as the RFC asks ("unreachable": assume complete disallow).
 */
export interface RobotsRules {
  allows(pathAndQuery: string): boolean;
}

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

export const ALLOW_ALL: RobotsRules = { allows: () => true };
export const DISALLOW_ALL: RobotsRules = { allows: () => false };

/** Parses a robots.txt body for the crawler whose product token is `agent` (e.g. `vigilbot`). */
export function parseRobots(text: string, agent: string): RobotsRules {
  const token = agent.toLowerCase();
  const groups: Array<{ agents: string[]; rules: Rule[] }> = [];
  let current: { agents: string[]; rules: Rule[] } | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (key !== 'allow' && key !== 'disallow')) continue;
    if (key === 'disallow' && value === '') continue;
    current.rules.push({ allow: key === 'allow', pattern: value, regex: patternRegex(value) });
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  return {
    allows(pathAndQuery: string): boolean {
      let best: Rule | undefined;
      for (const r of rules) {
        if (!r.regex.test(pathAndQuery)) continue;
        if (!best || r.pattern.length > best.pattern.length || (r.pattern.length === best.pattern.length && r.allow)) best = r;
      }
      return best ? best.allow : true;
    },
  };
}

function patternRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}
