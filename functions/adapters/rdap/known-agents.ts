/**
 * DMCA agents of well-known sites, tried before RDAP: a big platform's network abuse desk (often a CDN's) is
 * the wrong inbox for a copyright notice, while its designated agent acts on it. Sources: the sites' public
 * DMCA agent listings (their copyright policy pages and the US Copyright Office's designated agent
 * directory). Only entries we are confident of are here; anything else goes through RDAP. A listing can go
 * stale (designations lapse after three years), so review this table when a notice bounces.
 */
export interface KnownAgent {
  /** Registrable domains the agent covers; subdomains match too. */
  domains: string[];
  email: string;
  entityName: string;
}

export const KNOWN_AGENTS: readonly KnownAgent[] = [
  { domains: ['pornhub.com'], email: 'copyright@pornhub.com', entityName: 'Pornhub' },
  { domains: ['reddit.com', 'redd.it'], email: 'copyright@reddit.com', entityName: 'Reddit, Inc.' },
  // Issue 25: a Telegram post (`t.me/<channel>/<id>`) goes to Telegram's copyright address, with the post links
  // (Telegram lists dmca@telegram.org for copyright notices on its copyright page; telegram.org/faq#q-there-39s-illegal-content-on-telegram-how-do-i-take-it-down).
  { domains: ['t.me', 'telegram.me', 'telegram.org'], email: 'dmca@telegram.org', entityName: 'Telegram Messenger Inc.' },
  { domains: ['twitter.com', 'x.com', 'twimg.com'], email: 'copyright@twitter.com', entityName: 'X Corp.' },
  { domains: ['youtube.com', 'youtu.be'], email: 'copyright@youtube.com', entityName: 'YouTube, LLC' },
  {
    domains: ['drive.google.com', 'docs.google.com', 'photos.google.com', 'sites.google.com', 'googleusercontent.com', 'blogspot.com'],
    email: 'dmca-agent@google.com',
    entityName: 'Google LLC',
  },
  { domains: ['mega.nz', 'mega.io'], email: 'copyright@mega.nz', entityName: 'Mega Limited' },
  { domains: ['dropbox.com', 'dropboxusercontent.com'], email: 'copyright@dropbox.com', entityName: 'Dropbox, Inc.' },
  { domains: ['github.com', 'githubusercontent.com'], email: 'copyright@github.com', entityName: 'GitHub, Inc.' },
  { domains: ['vimeo.com'], email: 'dmca@vimeo.com', entityName: 'Vimeo.com, Inc.' },
  { domains: ['imgur.com'], email: 'copyright@imgur.com', entityName: 'Imgur, Inc.' },
  { domains: ['pinterest.com', 'pinimg.com'], email: 'copyright@pinterest.com', entityName: 'Pinterest, Inc.' },
];

/** The known agent for a host name (lower case, no trailing dot), if the table has one. */
export function knownAgentFor(host: string): KnownAgent | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  return KNOWN_AGENTS.find((a) => a.domains.some((d) => h === d || h.endsWith(`.${d}`)));
}
