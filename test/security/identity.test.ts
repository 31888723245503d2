import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { startServer, type RunningServer } from '../../local/server';
import { last, TestBrowser } from '../../local/tests/support/browser';
import { STATUS_MAX_AGE_MS } from '../../functions/adapters/identity/directory';

// Admin rights and disabled accounts are re-checked with the identity provider (the local IdP answers Cognito's
// admin API); "Sign out of all devices" ends every session. One runtime for the file.
let app: RunningServer;
let clockOffset = 0;
const realNow = Date.now.bind(Date);

beforeAll(async () => {
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffset);
  app = await startServer({ port: 0, inMemory: true, adminEmails: ['boss@example.com'], env: { LOG_LEVEL: 'SILENT' } });
});
afterAll(async () => {
  await app.close();
  jest.restoreAllMocks();
});

/** Moves the functions' clock past the status cache, as a minute passing would. */
const aMinuteLater = () => {
  clockOffset += STATUS_MAX_AGE_MS + 1000;
};

async function signedIn(email: string): Promise<TestBrowser> {
  const b = new TestBrowser(app.url);
  const login = last(await b.navigate('/api/login'));
  const hops = await b.submitForm(login, { email, password: 'a long password' });
  expect(last(hops).url).toBe(`${app.url}/`);
  return b;
}

const cognito = () => new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: process.env.COGNITO_ENDPOINT });
const endAll = (b: TestBrowser, id = 'me') => b.request(`/api/user/${id}/sessions`, { method: 'DELETE', headers: { origin: app.url } });

describe('admin rights come from the identity provider, at most a minute old', () => {
  it('loses admin access within a minute of leaving the admin group', async () => {
    const boss = await signedIn('boss@example.com');
    expect((await boss.json('/api/admin/metrics')).status).toBe(200);
    expect((await boss.json('/api/auth/user')).body.isAdmin).toBe(true);

    process.env.ADMIN_EMAILS = 'someone-else@example.com';
    try {
      aMinuteLater();
      const refused = await boss.json('/api/admin/metrics');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'ADMIN_ONLY' });
      expect((await boss.json('/api/auth/user')).body.isAdmin).toBe(false);
    } finally {
      process.env.ADMIN_EMAILS = 'boss@example.com';
    }
    aMinuteLater();
    expect((await boss.json('/api/admin/metrics')).status).toBe(200);
  });
});

describe('a disabled account', () => {
  it('has every session ended at its next request and cannot sign in again', async () => {
    const laptop = await signedIn('leaving@example.com');
    const phone = await signedIn('leaving@example.com');
    const c = cognito();
    try {
      const sub = await subjectOf('leaving@example.com');
      await c.send(new AdminDisableUserCommand({ UserPoolId: 'local', Username: sub }));
      expect((await c.send(new AdminGetUserCommand({ UserPoolId: 'local', Username: sub }))).Enabled).toBe(false);
    } finally {
      c.destroy();
    }
    aMinuteLater();
    expect((await laptop.json('/api/auth/user')).status).toBe(401);
    expect((await phone.json('/api/auth/user')).status).toBe(401);

    const again = new TestBrowser(app.url);
    const login = last(await again.navigate('/api/login'));
    const hops = await again.submitForm(login, { email: 'leaving@example.com', password: 'a long password' });
    expect(last(hops).body).toContain('This account is disabled.');
  });

  it("refuses unsigned calls to the IdP's admin API", async () => {
    const res = await fetch(process.env.COGNITO_ENDPOINT!, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDisableUser', 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({ UserPoolId: 'local', Username: 'anyone' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('sign out of all devices', () => {
  it('ends every session of the owner, this one included, and clears the cookie', async () => {
    const laptop = await signedIn('many@example.com');
    const phone = await signedIn('many@example.com');
    const other = await signedIn('bystander@example.com');
    const res = await endAll(laptop);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ended: 2 });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('vigil_session=;'))).toBe(true);
    expect((await laptop.json('/api/auth/user')).status).toBe(401);
    expect((await phone.json('/api/auth/user')).status).toBe(401);
    expect((await other.json('/api/auth/user')).status).toBe(200);
  });

  it('refuses anonymous callers, cross-site requests and another user; an admin may end anyone', async () => {
    expect((await endAll(new TestBrowser(app.url))).status).toBe(401);
    const victim = await signedIn('victim@example.com');
    const victimId = (await victim.json('/api/auth/user')).body.id as string;
    const attacker = await signedIn('attacker@example.com');
    expect((await endAll(attacker, victimId)).status).toBe(403);
    const crossSite = await victim.request('/api/user/me/sessions', { method: 'DELETE', headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await victim.json('/api/auth/user')).status).toBe(200);

    const boss = await signedIn('boss@example.com');
    const res = await endAll(boss, victimId);
    expect(JSON.parse(res.body)).toEqual({ ended: 1 });
    expect((await victim.json('/api/auth/user')).status).toBe(401);
    expect((await boss.json('/api/auth/user')).status).toBe(200);
  });
});

/** The IdP subject of an account, read from its table as an operator reads the user pool. */
async function subjectOf(email: string): Promise<string> {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { IDP_TABLE } = await import('../../local/idp/store');
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: 'us-east-1' }));
  try {
    const { Item } = await doc.send(new GetCommand({ TableName: IDP_TABLE, Key: { pk: `ACCOUNT#${email}`, sk: 'ACCOUNT' } }));
    return Item!.sub as string;
  } finally {
    doc.destroy();
  }
}
