import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { resetConfig } from '../../../lib/config';
import { SUPPORT_EMAIL as SANDBOX_SUPPORT_EMAIL } from '../../../../shared/help/support';
import { siteConfigSchema } from '../../../../shared/schemas/site-config';

/** `GET /api/site-config`: the Help and Contact pages show the support inbox the deployment is configured with. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  delete process.env.SUPPORT_EMAIL;
  await h.close();
});

/** Anonymous, or with a cookie that names no session. */
const get = (cookies?: string[]) => call(contract.siteConfig, { as: cookies ? { userId: 'nobody', email: 'nobody@example.test', cookies } : 'anonymous' });

describe('GET /api/site-config', () => {
  it('answers anyone, signed in or not, with the configured support inbox (SUPPORT_EMAIL / supportEmail)', async () => {
    process.env.SUPPORT_EMAIL = 'help@acme-protect.test';
    resetConfig();
    for (const cookies of [undefined, ['vigil_session=not-a-session']]) {
      const res = await get(cookies);
      expect(res.status).toBe(200);
      expect(siteConfigSchema.strict().parse(res.body)).toEqual({ supportEmail: 'help@acme-protect.test' });
    }
  });

  it('falls back to the sandbox inbox only when nothing is configured (local runtime)', async () => {
    delete process.env.SUPPORT_EMAIL;
    resetConfig();
    expect((await get()).body).toEqual({ supportEmail: SANDBOX_SUPPORT_EMAIL });
  });
});
