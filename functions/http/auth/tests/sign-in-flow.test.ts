import { createHash } from 'node:crypto';
import { currentUserSchema } from '../../../../shared/schemas/user';
import { startServer, type RunningServer } from '../../../../local/server';
import { last, signIn, TestBrowser } from '../../../../local/tests/support/browser';
import { getItem, updateItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { SESSION_COOKIE } from '../../../services/sessions';
import { SIGN_IN_COOKIE } from '../../../services/auth/sign-in-attempts';

// The whole OIDC flow over HTTP: the real server, gateway, auth handler, oidc-provider and dynalite.
let app: RunningServer;
const ADMIN = 'boss@example.com';

beforeAll(async () => {
  app = await startServer({ port: 0, inMemory: true, adminEmails: [ADMIN], env: { LOG_LEVEL: 'SILENT' } });
});
afterAll(() => app.close());

const browser = () => new TestBrowser(app.url);
const sessionHash = (value: string) => createHash('sha256').update(value).digest('base64url');

describe('sign-in with the local IdP', () => {
  it('starts the code flow with PKCE, state and nonce, keeping the secrets server-side', async () => {
    const b = browser();
    const hop = await b.request('/api/login');
    expect(hop.status).toBe(302);
    const location = new URL(hop.headers.get('location')!);
    expect(location.href.startsWith(`${app.url}/idp/auth?`)).toBe(true);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(location.searchParams.get('redirect_uri')).toBe(`${app.url}/api/auth/callback`);
    for (const p of ['code_challenge', 'state', 'nonce']) expect(location.searchParams.get(p)).toMatch(/^[\w-]{22,}$/);
    expect(location.searchParams.has('code_verifier')).toBe(false);
    const setCookie = hop.headers.getSetCookie().find((c) => c.startsWith(`${SIGN_IN_COOKIE}=`))!;
    expect(setCookie).toMatch(/; Path=\/api\/auth\/; HttpOnly; SameSite=Lax; Max-Age=900$/);
  });

  it('shows a sign-in page with Email and Password fields and a Sign in button, without inline scripts', async () => {
    const b = browser();
    const page = last(await b.navigate('/api/login'));
    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/idp\/interaction\/[\w-]+$/);
    expect(page.body).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).toContain("stand-in for Amazon Cognito's hosted UI");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/i);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('creates the account on first sign-in and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const b = browser();
    const { final, hops } = await signIn(b, 'Ada@Example.com', 'analytical-engine', { given_name: 'Ada', family_name: 'Lovelace' });
    expect(final.url).toBe(`${app.url}/`);
    const callback = hops.find((h) => h.url.startsWith(`${app.url}/api/auth/callback`))!;
    expect(callback.status).toBe(302);
    const setCookies = callback.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(setCookies.some((c) => c.startsWith(`${SIGN_IN_COOKIE}=;`) && c.includes('Max-Age=0'))).toBe(true);

    const me = await b.json('/api/auth/user');
    expect(me.status).toBe(200);
    expect(currentUserSchema.parse(me.body)).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      subscriptionPlan: 'trial',
      subscriptionStatus: 'active',
      isAdmin: false,
    });
    // The cookie is an opaque handle: no token or user data in it.
    const value = (await b.cookie(SESSION_COOKIE))!.value;
    expect(value).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a password shorter than 8 characters on first sign-in, and creates nothing', async () => {
    const b = browser();
    const { final } = await signIn(b, 'short@example.com', 'seven77');
    expect(final.status).toBe(400);
    expect(final.body).toContain('Password must be at least 8 characters.');
    expect(final.body).toContain('value="short@example.com"');
    expect((await b.json('/api/auth/user')).status).toBe(401);

    // Same page, a proper password now: the account is created with it.
    const after = last(await b.submitForm(final, { email: 'short@example.com', password: 'eight888' }));
    expect(after.url).toBe(`${app.url}/`);
    expect((await b.json('/api/auth/user')).body.email).toBe('short@example.com');
  });

  it('refuses a wrong password on a later sign-in and accepts the right one for the same user', async () => {
    const first = browser();
    await signIn(first, 'grace@example.com', 'cobol-forever');
    const id = (await first.json('/api/auth/user')).body.id;

    const other = browser();
    const wrong = await signIn(other, 'grace@example.com', 'cobol-never!');
    expect(wrong.final.status).toBe(400);
    expect(wrong.final.body).toContain('Incorrect email or password.');
    expect((await other.json('/api/auth/user')).status).toBe(401);

    const right = last(await other.submitForm(wrong.final, { email: 'GRACE@example.com', password: 'cobol-forever' }));
    expect(right.url).toBe(`${app.url}/`);
    expect((await other.json('/api/auth/user')).body.id).toBe(id);
  });

  it('locks an e-mail for 15 minutes after 5 wrong passwords (429 with Retry-After), the right one included; another e-mail signs in', async () => {
    await signIn(browser(), 'ada@example.com', 'analytical-engine');
    await signIn(browser(), 'lin@example.com', 'difference-engine');

    const guesser = browser();
    let page = last(await guesser.navigate('/api/login'));
    for (let i = 1; i <= 5; i++) {
      page = last(await guesser.submitForm(page, { email: i % 2 ? 'ada@example.com' : 'ADA@example.com ', password: `guess-number-${i}` }));
      expect([i, page.status]).toEqual([i, 400]);
      expect(page.body).toContain('Incorrect email or password.');
    }
    const locked = last(await guesser.submitForm(page, { email: 'ada@example.com', password: 'analytical-engine' }));
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Too many failed sign-ins for this e-mail.');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(15 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await guesser.json('/api/auth/user')).status).toBe(401);
    // Still locked from another browser; the lock is per e-mail, so another account signs in from the same page.
    expect((await signIn(browser(), 'ada@example.com', 'analytical-engine')).final.status).toBe(429);
    const other = last(await guesser.submitForm(locked, { email: 'lin@example.com', password: 'difference-engine' }));
    expect(other.url).toBe(`${app.url}/`);
    expect((await guesser.json('/api/auth/user')).body.email).toBe('lin@example.com');
  });

  it('makes an ADMIN_EMAILS address an admin through cognito:groups', async () => {
    const b = browser();
    await signIn(b, ADMIN, 'the-boss-password');
    const me = await b.json('/api/auth/user');
    expect(me.body).toMatchObject({ email: ADMIN, isAdmin: true });
  });

  it('skips the sign-in page while the IdP session lasts (single sign-on)', async () => {
    const b = browser();
    await signIn(b, 'sso@example.com', 'single-sign-on');
    // Another browser that holds only the IdP's cookies (not the app session) goes straight through.
    const again = new TestBrowser(app.url);
    for (const c of await b.jar.getCookies(`${app.url}/idp/`)) {
      if (c.key.startsWith('idp_')) await again.jar.setCookie(c, `${app.url}/idp/`);
    }
    expect(await again.cookie(SESSION_COOKIE)).toBeUndefined();
    const { loginPage, final } = await signIn(again, 'ignored@example.com', 'ignored-password');
    expect(loginPage).toBeUndefined();
    expect(final.url).toBe(`${app.url}/`);
    expect((await again.json('/api/auth/user')).body.email).toBe('sso@example.com');
  });

  it('answers 401 once the session has expired', async () => {
    const b = browser();
    await signIn(b, 'expiry@example.com', 'expiring-soon');
    expect((await b.json('/api/auth/user')).status).toBe(200);
    const value = (await b.cookie(SESSION_COOKIE))!.value;
    await updateItem(keys.session(sessionHash(value)), { set: { expiresAt: Math.floor(Date.now() / 1000) - 1 } });
    const res = await b.json('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Sign in to continue.', code: 'UNAUTHENTICATED' });
  });

  it('logs out: deletes the session, clears the cookie, ends the IdP session and returns to the site', async () => {
    const b = browser();
    await signIn(b, 'leaver@example.com', 'goodbye-now');
    const oldValue = (await b.cookie(SESSION_COOKIE))!.value;

    // GET only asks: the session survives it.
    const confirm = await b.request('/api/logout');
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('content-type')).toContain('text/html');
    expect(confirm.body).toContain('<form method="post" action="/api/logout">');
    expect((await b.json('/api/auth/user')).status).toBe(200);

    const hops = await b.submitForm(confirm);
    const logout = hops[0]!;
    expect(logout.status).toBe(302);
    expect(logout.headers.getSetCookie()).toContain(`${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    const endSession = new URL(logout.headers.get('location')!);
    expect(endSession.pathname).toBe('/idp/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${app.url}/`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await b.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await getItem(keys.session(sessionHash(oldValue)))).toBeUndefined();

    // The IdP's page submits itself with an external script (no inline script under the CSP); do what it does.
    const page = last(hops);
    expect(page.body).toContain('<script src="/idp/assets/auto-submit.js" defer></script>');
    expect(page.body).toContain('data-auto-submit');
    const back = last(await b.submitForm(page));
    expect(back.url).toBe(`${app.url}/`);

    // The old cookie is worthless now.
    const replay = new TestBrowser(app.url);
    await replay.jar.setCookie(`${SESSION_COOKIE}=${oldValue}; Path=/`, app.url);
    expect((await replay.json('/api/auth/user')).status).toBe(401);
    // And the IdP asks for the password again.
    const { loginPage } = await signIn(b, 'leaver@example.com', 'goodbye-now');
    expect(loginPage).toBeDefined();
  });

  it('refuses a callback without a matching sign-in attempt with a clear 400 page', async () => {
    const b = browser();
    const res = await b.request('/api/auth/callback?code=forged&state=forged');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.body).toContain('Sign-in expired');
    expect((await b.json('/api/auth/user')).status).toBe(401);
  });

  it('refuses a callback whose state does not match the attempt', async () => {
    const b = browser();
    const login = last(await b.navigate('/api/login'));
    const hops = await b.submitForm(login, { email: 'state@example.com', password: 'state-checks' });
    const callback = hops.find((h) => h.url.includes('/api/auth/callback'))!;
    expect(callback.status).toBe(302);
    // Replaying the same callback finds no attempt (consumed once), and a signed-in browser just goes home.
    const replay = await b.request(callback.url);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe('/');

    const fresh = browser();
    await fresh.request('/api/login'); // a live attempt for this browser
    const tampered = new URL(callback.url);
    tampered.searchParams.set('state', 'not-the-state');
    const res = await fresh.request(tampered.href);
    expect(res.status).toBe(400);
    expect(res.body).toContain('could not be verified');
    expect((await fresh.json('/api/auth/user')).status).toBe(401);
  });

  it('shows a clear page when the IdP reports an error', async () => {
    const b = browser();
    await b.request('/api/login');
    const res = await b.request('/api/auth/callback?error=access_denied&error_description=%3Cb%3Ecall+us%3C%2Fb%3E&state=x');
    expect(res.status).toBe(400);
    expect(res.body).toContain('Sign-in was cancelled.');
    expect(res.body).not.toContain('call us');
  });

  it('refuses a sign-in form posted from a foreign origin', async () => {
    const b = browser();
    const page = last(await b.navigate('/api/login'));
    const res = await b.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ email: 'victim@example.com', password: 'whatever-long' }),
    });
    expect(res.status).toBe(403);
  });
});
