import { CookieJar } from 'tough-cookie';

/** One response of a navigation, with the URL it came from. */
export interface Hop {
  url: string;
  status: number;
  headers: Headers;
  body: string;
}

/**
 * A tiny browser for integration tests: a cookie jar (tough-cookie, so Path, Max-Age and HttpOnly behave as in
 * a browser), manual redirect handling with every hop recorded, and HTML forms posted with the page's Origin.
 * It never runs scripts; tests do by hand what a page's script would do.
 */
export class TestBrowser {
  readonly jar = new CookieJar();

  constructor(readonly baseUrl: string) {}

  /** One request, no redirects followed. */
  async request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams } = {},
  ): Promise<Hop> {
    const target = new URL(url, this.baseUrl).href;
    const headers: Record<string, string> = { ...init.headers };
    const cookie = await this.jar.getCookieString(target);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(target, { method: init.method ?? 'GET', headers, body: init.body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) await this.jar.setCookie(c, target);
    return { url: target, status: res.status, headers: res.headers, body: await res.text() };
  }

  /** Follows redirects like a browser navigation (303 and 302 after POST become GET). Returns every hop. */
  async navigate(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams } = {},
  ): Promise<Hop[]> {
    const hops: Hop[] = [];
    let next: { url: string; init: typeof init } | undefined = { url, init };
    while (next) {
      if (hops.length > 15) throw new Error(`too many redirects: ${hops.map((h) => h.url).join(' -> ')}`);
      const hop = await this.request(next.url, next.init);
      hops.push(hop);
      const location = hop.headers.get('location');
      next = hop.status >= 300 && hop.status < 400 && location ? { url: new URL(location, hop.url).href, init: {} } : undefined;
    }
    return hops;
  }

  /** Submits the first form of an HTML page with the given fields (plus its hidden inputs), as a browser would. */
  async submitForm(page: Hop, fields: Record<string, string> = {}): Promise<Hop[]> {
    const form = /<form\b[^>]*>[\s\S]*?<\/form>/i.exec(page.body)?.[0];
    if (!form) throw new Error(`no form on ${page.url}`);
    const action = new URL(decodeEntities(/action="([^"]*)"/.exec(form)?.[1] ?? page.url), page.url).href;
    const body = new URLSearchParams();
    for (const input of form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) body.set(name, decodeEntities(value));
    }
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return this.navigate(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(page.url).origin },
      body,
    });
  }

  /** The raw cookie the server set for a URL, or undefined. */
  async cookie(name: string, url = this.baseUrl) {
    return (await this.jar.getCookies(new URL(url, this.baseUrl).href)).find((c) => c.key === name);
  }

  /** GET a JSON API and parse it (the body is whatever the test expects it to be). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async json(path: string): Promise<{ status: number; body: any }> {
    const hop = await this.request(path);
    return { status: hop.status, body: hop.body ? JSON.parse(hop.body) : undefined };
  }
}

const decodeEntities = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** The last hop of a navigation. */
export const last = (hops: Hop[]) => hops[hops.length - 1]!;

export interface SignInOutcome {
  /** The hops from /api/login to the page shown after posting the form. */
  hops: Hop[];
  /** The sign-in page as first shown (absent when the IdP session skipped it). */
  loginPage?: Hop;
  /** Where the browser ended up. */
  final: Hop;
}

/**
 * Signs in through the real flow: /api/login, the IdP's page, the form post, the callback. When the IdP
 * still has a session the page is skipped, as in a browser.
 */
export async function signIn(
  browser: TestBrowser,
  email: string,
  password: string,
  names: { given_name?: string; family_name?: string } = {},
): Promise<SignInOutcome> {
  const first = await browser.navigate('/api/login');
  const page = last(first);
  if (!/\/idp\/interaction\//.test(page.url)) return { hops: first, final: page };
  const after = await browser.submitForm(page, { email, password, ...names });
  return { hops: [...first, ...after], loginPage: page, final: last(after) };
}
