import * as z from 'zod';
import { parseSelector } from './selector';

/**
 * Leak, album and file-host sites as data (issue 25): how to search or list a creator, where the posts, media and
 * next page are, and whether a page is one album or a list of posts. One connector (`site.ts`) reads every rule;
 * a new site, or a site's new mirror, is a new rule or a changed `baseUrl`, never new code. Each rule carries the
 * facts of its page or API shape and where they were read (`sources`), checked 2026-11.
 *
 * URL templates take `{base}` (the rule's base URL, or its sandbox stand-in), `{term}` (a name, URL-encoded),
 * `{handle}`, `{entry}` (what follows `<rule id>:` in the target), `{offset}`; JSON templates also take
 * `{<field.path>}` of the item.
 */

const selectorString = z.string().refine(
  (s) => {
    try {
      parseSelector(s);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'selector outside the supported subset' },
);

/** Where a value is on a page: the elements `selector` matches, read from the first of `attrs` present (`text` for the text; `style` for a background image). */
const pick = z.object({ selector: selectorString, attrs: z.array(z.string()).min(1).default(['text']) });

const htmlShape = z.object({
  /** On a listing (search results, a creator's page): the links to the entries (threads, albums). Absent: the listing is itself the entry. */
  entryLinks: pick.optional(),
  /** The listing's next page link. */
  listNext: pick.optional(),
  /** Each post on an entry page (a forum thread's messages). Absent: the whole entry page is one candidate (an album). */
  post: selectorString.optional(),
  /** The post's own link (else the entry page's URL). */
  postLink: pick.optional(),
  title: pick.optional(),
  time: pick.optional(),
  images: z.array(pick).default([]),
  videos: z.array(pick).default([]),
  /** The entry's next page link (a thread's page 2). */
  entryNext: pick.optional(),
});

const jsonMedia = z.object({
  /** The array of the item holding the files (`attachments`, `files`); absent: one value on the item itself. */
  array: z.string().optional(),
  /** The field (of the array's element, or of the item) naming the file. */
  value: z.string(),
  /** The file's URL: `{value}` is the field's value. */
  url: z.string(),
  /** A field giving the file's MIME type (else the kind follows the URL's extension). */
  mime: z.string().optional(),
});

const jsonShape = z.object({
  /** Where the items are: `''` for an array at the root, else a field holding the array. */
  items: z.string(),
  /** The whole answer is one album (a folder): one candidate, its media every item's files. */
  album: z.boolean().default(false),
  /** The candidate's URL (of an item, or of the album). */
  postUrl: z.string(),
  title: z.string().optional(),
  time: z.string().optional(),
  media: z.array(jsonMedia).min(1),
  /** Offset paging: the next page is `{offset}` + `step` while a page is full. */
  paging: z.object({ step: z.number().int().positive() }).optional(),
});

export const siteRuleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/),
    name: z.string().min(1),
    kind: z.enum(['forum', 'album', 'archive', 'cyberlocker']),
    /** The site's origin today. */
    baseUrl: z.string().url(),
    /** Other domains the same site answers on (mirrors change often: hosts live here, not in code). */
    mirrors: z.array(z.string()).default([]),
    /** How the creator is found: a search for each name (`terms`), a listing per handle (`handle`), or an id the creator gives (`entry`: target `<rule id>:<id>`). */
    find: z.enum(['terms', 'handle', 'entry']),
    /** The listing or API call, a URL template. */
    listUrl: z.string(),
    format: z.enum(['html', 'json']),
    html: htmlShape.optional(),
    json: jsonShape.optional(),
    headers: z.record(z.string(), z.string()).default({}),
    /** Requests a minute to this site (at most the deployment's SOURCE_RATE_LIMIT_PER_MINUTE). */
    rateLimitPerMinute: z.number().int().min(1).max(600).default(20),
    /** The shape facts, in words, and where they come from. */
    facts: z.array(z.string()).min(1),
    sources: z.array(z.string().url()).min(1),
  })
  .refine((r) => (r.format === 'html' ? Boolean(r.html) : Boolean(r.json)), { message: 'an html rule needs `html`, a json rule `json`' });

export type SiteRule = z.output<typeof siteRuleSchema>;
export type SiteRuleInput = z.input<typeof siteRuleSchema>;

const GALLERY_DL = 'https://github.com/mikf/gallery-dl/blob/master/gallery_dl/extractor';

const RULES: SiteRuleInput[] = [
  {
    id: 'xenforo-forum',
    name: 'Leak forum (XenForo 2)',
    kind: 'forum',
    baseUrl: 'https://simpcity.su',
    mirrors: ['https://simpcity.cr'],
    find: 'terms',
    listUrl: '{base}/search/search?keywords={term}&order=date',
    format: 'html',
    html: {
      entryLinks: { selector: '.contentRow-title a[href]', attrs: ['href'] },
      listNext: { selector: 'a.pageNav-jump--next', attrs: ['href'] },
      post: 'article.message[data-content]',
      postLink: { selector: '.message-attribution-main a[href]', attrs: ['href'] },
      title: { selector: '.message-body .bbWrapper' },
      time: { selector: 'time.u-dt[datetime]', attrs: ['datetime'] },
      images: [
        { selector: '.message-body img.bbImage', attrs: ['data-url', 'src'] },
        { selector: '.message-attachments a.file-preview[href]', attrs: ['href'] },
      ],
      videos: [{ selector: '.message-body video source[src], .message-body video[src]', attrs: ['src'] }],
      entryNext: { selector: 'a.pageNav-jump--next', attrs: ['href'] },
    },
    rateLimitPerMinute: 20,
    facts: [
      'XenForo 2 boards (the software most leak forums run) search from the form at /search/search (keywords, order=date) and list hits as .contentRow-title links to /threads/<slug>.<id>/.',
      'A thread page holds each post as article.message with data-content="post-<id>" and data-author; the permalink is in .message-attribution-main, the time in time.u-dt[datetime].',
      'Pictures embedded in a post are img.bbImage (the full URL in data-url when lazy-loaded, else src); attachments are a.file-preview links in .message-attachments; videos are <video> in the body.',
      'Pages go on through a.pageNav-jump--next, on search results and threads alike.',
    ],
    sources: [`${GALLERY_DL}/xenforo.py`, `${GALLERY_DL}/simpcity.py`, 'https://xenforo.com/docs/xf2/'],
  },
  {
    id: 'erome-album',
    name: 'Album host (EroMe)',
    kind: 'album',
    baseUrl: 'https://www.erome.com',
    mirrors: [],
    find: 'terms',
    listUrl: '{base}/search?q={term}',
    format: 'html',
    html: {
      entryLinks: { selector: 'a.album-link[href]', attrs: ['href'] },
      listNext: { selector: 'a[rel=next]', attrs: ['href'] },
      title: { selector: 'h1' },
      images: [{ selector: 'div.media-group div.img[data-src]', attrs: ['data-src'] }],
      videos: [{ selector: 'div.media-group video source[src]', attrs: ['src'] }],
    },
    rateLimitPerMinute: 20,
    facts: [
      'Search results (/search?q=<term>, paged with a[rel=next]) link each album as a.album-link to /a/<id>.',
      'An album page is one album: its title in h1, each medium a div.media-group; pictures as div.img[data-src], videos as <video><source src> on numbered file hosts (s<n>.erome.com).',
    ],
    sources: [`${GALLERY_DL}/erome.py`, 'https://github.com/yt-dlp/yt-dlp/blob/master/yt_dlp/extractor/erome.py'],
  },
  {
    id: 'coomer-archive',
    name: 'Creator archive with a JSON API (Coomer)',
    kind: 'archive',
    baseUrl: 'https://coomer.st',
    mirrors: ['https://coomer.su', 'https://coomer.party'],
    find: 'handle',
    listUrl: '{base}/api/v1/onlyfans/user/{handle}/posts?o={offset}',
    format: 'json',
    headers: { accept: 'text/css' },
    json: {
      items: '',
      postUrl: '{base}/{service}/user/{user}/post/{id}',
      title: 'title',
      time: 'published',
      media: [
        { value: 'file.path', url: '{base}/data{value}' },
        { array: 'attachments', value: 'path', url: '{base}/data{value}' },
      ],
      paging: { step: 50 },
    },
    rateLimitPerMinute: 20,
    facts: [
      'Creators are keyed by service and the service\'s own user name: /api/v1/<service>/user/<user>/posts?o=<offset> answers a JSON array of up to 50 posts, newest first; o steps by 50.',
      'Each post: id, user, service, title, content, published (ISO time), file {name, path} and attachments [{name, path}]; a file is served at <base>/data<path>.',
      'The post page is <base>/<service>/user/<user>/post/<id>. Since 2025 the API answers only requests sent with Accept: text/css.',
      'Mirrors move (coomer.party, coomer.su, coomer.st): the base URL is data.',
    ],
    sources: [`${GALLERY_DL}/kemono.py`, 'https://github.com/mikf/gallery-dl/blob/master/CHANGELOG.md'],
  },
  {
    id: 'pixeldrain-folder',
    name: 'Cyberlocker folder (Pixeldrain list)',
    kind: 'cyberlocker',
    baseUrl: 'https://pixeldrain.com',
    mirrors: [],
    find: 'entry',
    listUrl: '{base}/api/list/{entry}',
    format: 'json',
    json: {
      items: '',
      album: true,
      postUrl: '{base}/l/{entry}',
      title: 'title',
      time: 'date_created',
      media: [{ array: 'files', value: 'id', url: '{base}/api/file/{value}', mime: 'mime_type' }],
    },
    rateLimitPerMinute: 20,
    facts: [
      'A folder (a "list") is shared as /l/<id>; /api/list/<id> answers {id, title, date_created, file_count, files: [{id, name, size, mime_type, date_upload}]}.',
      'Each file is served at /api/file/<id>. Folders cannot be searched by name: the creator, or a link found in another source, names the folder (target pixeldrain-folder:<id>).',
    ],
    sources: [`${GALLERY_DL}/pixeldrain.py`, 'https://pixeldrain.com/api'],
  },
];

/** The built-in site rules, validated (a broken rule fails at load, in tests, not in a run). */
export const SITE_RULES: readonly SiteRule[] = RULES.map((r) => siteRuleSchema.parse(r));

