import { DEMO_CREATOR, DEMO_ORIGINALS, SITES, type MediaSpec, type PageSpec, type SiteInfo } from './catalogue';
import { mediaUrl, pageUrl } from './provider-shapes';

/** HTML of the simulated sites. Every page says plainly, at the top, that it is the sandbox web. */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const BANNER_TEXT = 'Sandbox web: simulated site';

function layout(origin: string, title: string, site: SiteInfo | undefined, content: string, head = ''): string {
  const accent = site?.accent ?? '#334155';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>${head}
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
.sandbox-banner{background:#fde047;color:#422006;padding:8px 16px;font-weight:700;text-align:center;border-bottom:2px solid #a16207}
header{background:${accent};color:#fff;padding:14px 20px}header a{color:#fff;text-decoration:none;font-size:1.4em;font-weight:700}
header small{display:block;opacity:.85}main{max-width:900px;margin:0 auto;padding:20px}
figure{margin:16px 0}img,video{max-width:100%;max-height:75vh;width:auto;height:auto;border-radius:6px;background:#e2e8f0}
.meta{color:#475569;font-size:.9em}.comments{border-top:1px solid #cbd5e1;margin-top:24px;padding-top:8px}
.comment{padding:6px 0;border-bottom:1px solid #e2e8f0}footer{color:#64748b;font-size:.85em;text-align:center;padding:24px}
ul.pages li{margin:6px 0}
</style></head><body>
<div class="sandbox-banner" role="note">${BANNER_TEXT}${site ? ` — ${esc(site.domain)}` : ''}. Nothing here is real.</div>
${site ? `<header><a href="${origin}/sites/${site.domain}/">${esc(site.name)}</a><small>${esc(site.tagline)}</small></header>` : ''}
<main>${content}</main>
<footer>Part of Vigil's sandbox web, the offline stand-in for the internet. <a href="${origin}/">All simulated sites</a></footer>
</body></html>`;
}

function mediaHtml(origin: string, m: MediaSpec): string {
  if (m.kind === 'video') {
    const poster = m.poster ? ` poster="${mediaUrl(origin, { ...m, file: m.poster })}"` : '';
    // A tube's player names its file in `src`; a file host's in a <source> element, as real players do both.
    if (siteByDomainKind(m.domain) === 'tube') return `<figure><video controls preload="none" src="${mediaUrl(origin, m)}"${poster}></video></figure>`;
    return `<figure><video controls preload="metadata"${poster}><source src="${mediaUrl(origin, m)}" type="video/mp4"></video></figure>`;
  }
  return `<figure><img src="${mediaUrl(origin, m)}" alt="${esc(m.alt)}" loading="lazy"${m.width ? ` width="${m.width}" height="${m.height}"` : ''}></figure>`;
}

/** Open Graph tags of a page with a clip: `og:video` and its type, and the poster as `og:image`. */
function videoMeta(origin: string, media: MediaSpec[]): string {
  const clip = media.find((m) => m.kind === 'video');
  if (!clip) return '';
  const url = mediaUrl(origin, clip);
  const poster = clip.poster ? `\n<meta property="og:image" content="${mediaUrl(origin, { ...clip, file: clip.poster })}">` : '';
  return `\n<meta property="og:type" content="video.other">\n<meta property="og:video" content="${url}">\n<meta property="og:video:secure_url" content="${url}">\n<meta property="og:video:type" content="video/mp4">${poster}`;
}

const siteByDomainKind = (domain: string) => SITES.find((s) => s.domain === domain)?.kind;

export function pageHtml(origin: string, site: SiteInfo, page: PageSpec, media: MediaSpec[]): string {
  return layout(
    origin,
    page.title,
    site,
    `<article><h1>${esc(page.title)}</h1>
<p class="meta">Posted by ${esc(page.author)} · ${esc(page.published.slice(0, 10))}</p>
${page.body.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${media.map((m) => mediaHtml(origin, m)).join('\n')}
${page.comments.length ? `<section class="comments"><h2>Comments</h2>${page.comments.map((c) => `<div class="comment">${esc(c)}</div>`).join('')}</section>` : ''}
</article>`,
    videoMeta(origin, media),
  );
}

export function siteIndexHtml(origin: string, site: SiteInfo, pages: PageSpec[]): string {
  const items = pages
    .sort((a, b) => b.published.localeCompare(a.published))
    .map((p) => `<li><a href="${pageUrl(origin, p)}">${esc(p.title)}</a> <span class="meta">${esc(p.published.slice(0, 10))}</span></li>`)
    .join('');
  return layout(origin, site.name, site, `<h1>${esc(site.name)}</h1><ul class="pages">${items}</ul>`);
}

export function homeHtml(origin: string): string {
  const sites = SITES.map((s) => `<li><a href="${origin}/sites/${s.domain}/">${esc(s.domain)}</a> — ${esc(s.name)} (${s.kind})</li>`).join('');
  const originals = DEMO_ORIGINALS.map((_, i) => `<a href="${origin}/demo/originals/${i + 1}.jpg"><img src="${origin}/demo/originals/${i + 1}.jpg" alt="original ${i + 1}" width="160"></a>`).join(' ');
  return layout(
    origin,
    'Sandbox web',
    undefined,
    `<h1>Sandbox web</h1>
<p>The offline stand-in for the internet used while no search provider key is configured. Searches answered here come
from these simulated sites, not from Google, Bing, DuckDuckGo, Brave or TinEye.</p>
<h2>Simulated sites</h2><ul class="pages">${sites}</ul>
<h2>Demo creator: ${esc(DEMO_CREATOR.name)}</h2>
<p>Search for “${esc(DEMO_CREATOR.name)}” to find reposts of these originals. Upload one of them (or any photo) as a
reference file to have transformed copies planted on the sites.</p><p>${originals}</p>`,
  );
}

export function goneHtml(origin: string, site: SiteInfo | undefined, status: number): string {
  const text = status === 410 ? 'This content has been removed in response to a copyright notice.' : 'Page not found.';
  return layout(origin, status === 410 ? 'Removed' : 'Not found', site, `<h1>${status === 410 ? 'Content removed' : 'Not found'}</h1><p>${text}</p>`);
}
