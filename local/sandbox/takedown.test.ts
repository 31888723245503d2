import { policyFor, reaction, recipientClass, sandboxUrlsIn, yieldsToSomeStep, TAKEDOWN_POLICIES } from './takedown';

describe('sandbox takedown policies', () => {
  it('are seeded and deterministic per page, with site-wide ones for the CDN, the file host and the blog', () => {
    const none = new Map();
    expect(policyFor('/sites/tubeclips.example/c/1', 's', none)).toBe('behind-cdn');
    expect(policyFor('/sites/filedrop.example/f/1', 's', none)).toBe('ignores-everyone');
    const a = policyFor('/sites/leakforum.example/threads/1', 'seed', none);
    expect(policyFor('/sites/leakforum.example/threads/1', 'seed', none)).toBe(a);
    const seen = new Set(Array.from({ length: 40 }, (_, i) => policyFor(`/sites/socialgram.example/p/${i}`, 'seed', none)));
    expect([...seen].sort()).toEqual(['counter-notice', 'removes', 'reuploads', 'yields-to-network']);
    expect(policyFor('/sites/leakforum.example/threads/1', 'seed', new Map([['/sites/leakforum.example/threads/1', 'reuploads']]))).toBe('reuploads');
  });

  it('tells who wrote from the recipient, and reacts by policy', () => {
    expect(recipientClass('leakforum.example', 'abuse@leakforum.example')).toBe('host');
    expect(recipientClass('leakforum.example', 'abuse@sandbox-hosting.example')).toBe('network');
    expect(recipientClass('leakforum.example', 'abuse@offshore-names.example')).toBe('registrar');
    expect(recipientClass('tubeclips.example', 'dmca@clipcdn.example')).toBe('cdn');
    expect(recipientClass('leakforum.example', 'someone@else.example')).toBeUndefined();
    expect(reaction('yields-to-network', 'host')).toBe('ignore');
    expect(reaction('yields-to-network', 'network')).toBe('remove');
    expect(reaction('behind-cdn', 'network')).toBe('ignore');
    expect(reaction('behind-cdn', 'cdn')).toBe('remove');
    expect(reaction('ignores-everyone', 'registrar')).toBe('ignore');
    expect(reaction('counter-notice', 'host')).toBe('remove-and-counter-notice');
    expect(reaction('reuploads', 'host')).toBe('remove-and-reupload');
    // Behind a web-form CDN no e-mail works: the agent files the form (POST /cdn/shieldcdn/reports).
    for (const who of ['host', 'network', 'cdn', 'registrar'] as const) expect(reaction('behind-form-cdn', who)).toBe('ignore');
    expect(TAKEDOWN_POLICIES.filter((p) => !yieldsToSomeStep(p))).toEqual(['ignores-everyone']);
  });

  it('finds the sandbox URLs a message names', () => {
    const o = 'http://localhost:3000/sandbox';
    expect(sandboxUrlsIn(`Infringing: ${o}/sites/a.example/p/1.\nOriginal: https://me.example/x ${o}/sites/b.example/q`, o)).toEqual([`${o}/sites/a.example/p/1`, `${o}/sites/b.example/q`]);
  });
});
