import { apiPath, contract } from '../../../shared/contract';
import type { Reply } from '../chain';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A small self-contained HTML page for sign-in problems. /api/login and the callback are full-page
 * navigations, so a JSON error would leave the person looking at raw text. No scripts (the site's CSP).
 */
export function signInProblemPage(status: number, title: string, message: string, cookies?: string[]): Reply {
  return page(status, title, `<p>${escapeHtml(message)}</p>
<a href="${apiPath(contract.login)}">Try again</a><a class="secondary" href="/">Back to Vigil</a>`, cookies);
}

/** The page behind GET /api/logout: signing out is a POST of this form (same-origin, so the CSRF check passes). */
export function signOutConfirmPage(): Reply {
  return page(200, 'Sign out of Vigil?', `<p>You will need to sign in again to see your scans and cases.</p>
<form method="post" action="${apiPath(contract.logout)}"><button type="submit">Sign out</button><a class="secondary" href="/">Stay signed in</a></form>`);
}

function page(status: number, title: string, content: string, cookies?: string[]): Reply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Vigil</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;max-width:420px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 12px}p{line-height:1.5;color:#334155}
a{display:inline-block;margin:8px 12px 0 0;color:#fff;background:#2563eb;padding:8px 16px;border-radius:8px;text-decoration:none}
a.secondary{background:#fff;color:#2563eb;border:1px solid #cbd5e1}
button{font:inherit;margin:8px 12px 0 0;color:#fff;background:#2563eb;padding:8px 16px;border-radius:8px;border:0;cursor:pointer}
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`;
  return { status, body: html, headers: { 'content-type': 'text/html; charset=utf-8' }, cookies };
}
