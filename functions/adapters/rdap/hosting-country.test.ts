import { hostingCountry } from './hosting-country';

/** An RDAP server's `ip/` answer, as the regional registries publish it. */
const rdap = (status: number, body: unknown) => async (url: string | URL | Request) => {
  seen.push(String(url));
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/rdap+json' } });
};
let seen: string[] = [];
beforeEach(() => {
  seen = [];
});

describe('hostingCountry', () => {
  const resolveHost = async (h: string) => (h === 'leakforum.example' ? ['2001:db8::1', '192.0.2.10'] : Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' })));

  it("reads the country of the network the host's IPv4 address belongs to", async () => {
    const country = await hostingCountry('LeakForum.example.', { rdapBaseUrl: 'http://rdap.test/', resolveHost, fetch: rdap(200, { objectClassName: 'ip network', country: 'nl' }) as typeof fetch });
    expect(country).toBe('NL');
    expect(seen).toEqual(['http://rdap.test/ip/192.0.2.10']);
  });

  it('is undefined when the name does not resolve, the network is unknown or has no country', async () => {
    expect(await hostingCountry('nowhere.example', { rdapBaseUrl: 'http://rdap.test', resolveHost, fetch: rdap(200, { country: 'US' }) as typeof fetch })).toBeUndefined();
    expect(seen).toEqual([]);
    expect(await hostingCountry('leakforum.example', { rdapBaseUrl: 'http://rdap.test', resolveHost, fetch: rdap(404, { errorCode: 404 }) as typeof fetch })).toBeUndefined();
    expect(await hostingCountry('leakforum.example', { rdapBaseUrl: 'http://rdap.test', resolveHost, fetch: rdap(200, { name: 'NET' }) as typeof fetch })).toBeUndefined();
  });
});
