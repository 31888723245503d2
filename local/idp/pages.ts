/** HTML of the local IdP: the sign-in page (the stand-in for Cognito's hosted UI), logout and error pages. */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/idp/assets/idp.css">${head}</head>
<body><main>${body}</main></body></html>`;
}

const NOTE = `<p class="note">This is Vigil's local sign-in page, the stand-in for Amazon Cognito's hosted UI when Vigil
runs on your computer. Accounts exist only in this computer's Vigil data folder.</p>`;

export interface LoginPageInput {
  action: string;
  siteUrl: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  error?: string;
  /** Maintenance mode: new accounts cannot be created; the page says so and hides the new-account fields. */
  registrationsClosed?: string;
}

/** The sign-in form: fields labelled `Email` and `Password`, a `Sign in` button, and optional names for new accounts. */
export function loginPage(input: LoginPageInput): string {
  const v = (s?: string) => escapeHtml(s ?? '');
  const error = input.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(input.error)}</p>` : '';
  const closed = input.registrationsClosed
    ? `<p class="notice" role="status" id="registrations-closed"><strong>New accounts are paused.</strong> ${escapeHtml(input.registrationsClosed)}</p>`
    : '';
  const newAccount = input.registrationsClosed
    ? ''
    : `<p class="hint" id="password-hint">New here? Your first sign-in with an e-mail creates the account; choose a password of at least 8 characters.</p>
  <details${input.givenName || input.familyName ? ' open' : ''}>
    <summary>Creating an account? Add your name (optional)</summary>
    <label for="given_name">First name</label>
    <input id="given_name" name="given_name" type="text" autocomplete="given-name" value="${v(input.givenName)}">
    <label for="family_name">Last name</label>
    <input id="family_name" name="family_name" type="text" autocomplete="family-name" value="${v(input.familyName)}">
  </details>`;
  return layout(
    'Sign in · Vigil',
    `<p class="brand">Vigil</p><h1>Sign in to your account</h1>
${closed}${error}
<form method="post" action="${v(input.action)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${v(input.email)}"${input.error ? ' aria-describedby="form-error"' : ''}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${input.registrationsClosed ? '' : ' aria-describedby="password-hint"'}>
  ${newAccount}
  <button type="submit">Sign in</button>
</form>
<p class="hint"><a href="${v(input.siteUrl)}">Back to Vigil</a></p>
${NOTE}`,
  );
}

/** RP-initiated logout: the provider's confirmation form, submitted by an external script (no click needed). */
export function logoutPage(form: string): string {
  // oidc-provider's form carries only the xsrf token; `logout=yes` ends the whole IdP session.
  const autoForm = form
    .replace('<form ', '<form data-auto-submit ')
    .replace('</form>', '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>');
  return layout(
    'Signing out · Vigil',
    `<p class="brand">Vigil</p><h1>Signing you out…</h1>${autoForm}${NOTE}`,
    '<script src="/idp/assets/auto-submit.js" defer></script>',
  );
}

export function signedOutPage(siteUrl: string): string {
  return layout(
    'Signed out · Vigil',
    `<p class="brand">Vigil</p><h1>You are signed out</h1><p><a href="${escapeHtml(siteUrl)}">Back to Vigil</a></p>${NOTE}`,
  );
}

export function errorPage(siteUrl: string, title: string, detail?: string): string {
  return layout(
    `${title} · Vigil`,
    `<p class="brand">Vigil</p><h1>${escapeHtml(title)}</h1>${detail ? `<p class="error">${escapeHtml(detail)}</p>` : ''}
<p><a href="${escapeHtml(siteUrl)}">Back to Vigil</a></p>${NOTE}`,
  );
}
