import type { Context } from 'aws-lambda';
import { httpEvent, startTestDynamo } from '../../../../test/env';
import { resetConfig } from '../../../lib/config';
import { SUPPORT_EMAIL as SANDBOX_SUPPORT_EMAIL } from '../../../../shared/help/support';
import { siteConfigSchema } from '../../../../shared/schemas/site-config';
import { handler } from '..';

/** `GET /api/site-config`: the Help and Contact pages show the support inbox the deployment is configured with. */

let dynamo: Awaited<ReturnType<typeof startTestDynamo>>;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(async () => {
  delete process.env.SUPPORT_EMAIL;
  resetConfig();
  await dynamo.close();
});

async function get(cookies?: string[]) {
  const res = (await handler(httpEvent('GET', '/api/site-config', { cookies }), {} as Context)) as { statusCode: number; body: string; headers: Record<string, string> };
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
}

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
