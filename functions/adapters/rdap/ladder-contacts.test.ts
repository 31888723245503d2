import { findStepContact } from './ladder-contacts';

const vcard = (props: Record<string, string>) => ['vcard', [['version', {}, 'text', '4.0'], ...Object.entries(props).map(([k, v]) => [k, {}, 'text', v])]];
const abuseOf = (email: string) => ({ entities: [{ roles: ['registrant'], vcardArray: vcard({ fn: 'Org' }), entities: [{ roles: ['abuse'], vcardArray: vcard({ fn: 'Abuse', email }) }] }] });

/** RDAP answers by path; anything else is a 404. */
function fakeFetch(answers: Record<string, unknown>): typeof fetch {
  return (async (url: string | URL) => {
    const path = new URL(String(url)).pathname;
    const body = answers[path];
    return new Response(JSON.stringify(body ?? { errorCode: 404 }), { status: body ? 200 : 404 });
  }) as typeof fetch;
}

const opts = (addresses: Record<string, string>, answers: Record<string, unknown> = {}) => ({
  rdapBaseUrl: 'https://rdap.test',
  resolveHost: async (h: string) => (addresses[h] ? [addresses[h]!] : Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }))),
  fetch: fakeFetch(answers),
});

describe('findStepContact: one look-up per rung of the ladder', () => {
  it('host: the known DMCA agent, else the RFC 2142 abuse mailbox of the site', async () => {
    expect(await findStepContact('host', 'https://www.reddit.com/r/x', opts({}))).toMatchObject({ kind: 'email', email: 'copyright@reddit.com', source: 'known-agent' });
    expect(await findStepContact('host', 'https://www.leaks.test/t/1', opts({}))).toEqual({ kind: 'email', email: 'abuse@leaks.test', source: 'rfc2142', entityName: 'leaks.test' });
  });

  it("network: the abuse contact of the address's network, unless the address is a CDN's", async () => {
    const o = opts({ 'leaks.test': '192.0.2.10', 'proxied.test': '104.16.5.5' }, { '/ip/192.0.2.10': abuseOf('abuse@hosting.test') });
    expect(await findStepContact('network', 'https://leaks.test/a', o)).toMatchObject({ kind: 'email', email: 'abuse@hosting.test', source: 'rdap-ip' });
    expect(await findStepContact('network', 'https://proxied.test/a', o)).toMatchObject({ kind: 'none', reason: expect.stringContaining("104.16.5.5 is in Cloudflare's published range") });
    // A CDN known only by its response header: the reason says so, not that the address is the CDN's.
    const edge = { ...opts({ 'leaks.test': '192.0.2.10' }), edge: { 'x-served-by': 'cache-ams1' } };
    expect(await findStepContact('network', 'https://leaks.test/a', edge)).toMatchObject({
      kind: 'none',
      reason: 'leaks.test is behind Fastly (the page answers with x-served-by: cache-ams1), so 192.0.2.10 is not the site\'s own network: the CDN step addresses it.',
    });
  });

  it('cdn: an e-mail desk, a web form (an agent task), or no CDN', async () => {
    const o = opts({ 'proxied.test': '104.16.5.5', 'clips.test': '198.51.100.20', 'plain.test': '192.0.2.10' });
    expect(await findStepContact('cdn', 'https://proxied.test/a', o)).toMatchObject({ kind: 'form', url: 'https://abuse.cloudflare.com/dmca', entityName: 'Cloudflare' });
    expect(await findStepContact('cdn', 'https://clips.test/a', o)).toMatchObject({ kind: 'email', email: 'dmca@clipcdn.example', source: 'cdn' });
    expect(await findStepContact('cdn', 'https://plain.test/a', { ...o, edge: { 'x-served-by': 'cache-ams1' } })).toMatchObject({ kind: 'email', email: 'abuse@fastly.com' });
    expect(await findStepContact('cdn', 'https://plain.test/a', o)).toMatchObject({ kind: 'none' });
  });

  it("registrar: the abuse contact of the domain's registrar", async () => {
    const o = opts({}, { '/domain/leaks.test': { objectClassName: 'domain', entities: [{ roles: ['registrar'], vcardArray: vcard({ fn: 'Reg' }), ...abuseOf('abuse@registrar.test') }] } });
    expect(await findStepContact('registrar', 'https://www.leaks.test/a', o)).toMatchObject({ kind: 'email', email: 'abuse@registrar.test', source: 'rdap-domain' });
    expect(await findStepContact('registrar', 'https://other.test/a', o)).toMatchObject({ kind: 'none' });
  });
});
