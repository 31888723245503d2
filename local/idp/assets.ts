/**
 * The IdP pages' static assets, served at /idp/assets/*. A stylesheet and one external script, because the
 * site's CSP (shared/security-headers.ts) allows no inline scripts.
 */
export const IDP_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:24px}
main{width:100%;max-width:400px;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;
  box-shadow:0 1px 3px rgba(15,23,42,.08)}
.brand{font-weight:700;font-size:1.25rem;margin:0 0 4px}
h1{font-size:1.125rem;font-weight:600;margin:0 0 20px;color:#334155}
label{display:block;font-size:.875rem;font-weight:500;margin:14px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:9px 12px;border:1px solid #cbd5e1;
  border-radius:8px;font:inherit}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
.hint{font-size:.8rem;color:#64748b;margin:6px 0 0}
button{margin-top:20px;width:100%;padding:10px 16px;border:0;border-radius:8px;background:#2563eb;color:#fff;
  font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1d4ed8}
.error{background:#fef2f2;border:1px solid #fecaca;color:#b91c1c;border-radius:8px;padding:10px 12px;
  font-size:.875rem;margin:0 0 8px}
.notice{background:#fffbeb;border:1px solid #fde68a;color:#78350f;border-radius:8px;padding:10px 12px;
  font-size:.875rem;margin:0 0 8px}
details{margin-top:16px;font-size:.875rem}
summary{cursor:pointer;color:#334155}
.note{margin:24px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:.75rem;color:#64748b;line-height:1.5}
a{color:#2563eb}
`;

/** Submits the RP-initiated logout confirmation at once, so signing out needs no second click. */
export const AUTO_SUBMIT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-auto-submit]');if(f)f.submit();});`;
