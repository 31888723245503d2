import { httpEvent } from '../../test/harness';
import { resetConfig } from './config';
import { checkJsonContentType, checkSameOrigin, parseCookies } from './request-guard';

beforeAll(() => {
  process.env.PUBLIC_URL = 'https://vigil.example';
  resetConfig();
});
afterAll(() => {
  delete process.env.PUBLIC_URL;
  resetConfig();
});

const post = (headers: Record<string, string>) => {
  const event = httpEvent('POST', '/api/contact', { body: {} });
  event.headers = headers;
  return event;
};

describe('checkSameOrigin', () => {
  it("lets a write through with the site's Origin, or with Sec-Fetch-Site: same-origin when there is no Origin", () => {
    expect(() => checkSameOrigin(post({ origin: 'https://vigil.example' }))).not.toThrow();
    expect(() => checkSameOrigin(post({ 'sec-fetch-site': 'same-origin' }))).not.toThrow();
  });

  it('refuses a write with neither (no Referer fallback), a foreign Origin, or a same-site but not same-origin fetch', () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { referer: 'https://vigil.example/cases' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'none' },
    ]) {
      expect(() => checkSameOrigin(post(headers))).toThrow(expect.objectContaining({ statusCode: 403, code: 'CSRF_REFUSED' }));
    }
  });

  it('never blocks reads, and lets a route that allows cross-site callers (a signed webhook) through', () => {
    const get = httpEvent('GET', '/api/health');
    get.headers = {};
    expect(() => checkSameOrigin(get)).not.toThrow();
    expect(() => checkSameOrigin(post({}), true)).not.toThrow();
  });
});

describe('checkJsonContentType', () => {
  it('accepts application/json with or without parameters', () => {
    expect(() => checkJsonContentType(post({ 'content-type': 'application/json' }))).not.toThrow();
    expect(() => checkJsonContentType(post({ 'content-type': 'Application/JSON; charset=utf-8' }))).not.toThrow();
  });
  it('refuses text/plain, form encodings and a missing type with 415', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', undefined]) {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      expect(() => checkJsonContentType(post(headers))).toThrow(expect.objectContaining({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }));
    }
  });
});

describe('parseCookies', () => {
  it('skips a value that is not valid percent-encoding and keeps the others', () => {
    expect(parseCookies({ cookies: ['x=%E0%A4%A', 'vigil_session=abc', 'y=%41', '=nameless', 'flag'] })).toEqual({ vigil_session: 'abc', y: 'A' });
  });
});
