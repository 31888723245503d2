import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { perConfig } from '../../lib/config';
import * as signingKeys from '../../store/entities/signing-key';

/**
 * The key that signs unsubscribe links: 32 random bytes kept in the table, created once with a conditional put
 * (concurrent first uses read back the winner). The same code path on AWS and locally; no extra secret to
 * configure, and a person with table access could already change alert settings directly.
 */
async function loadSigningKey(): Promise<Buffer> {
  let value = await signingKeys.get('unsubscribe');
  if (!value) {
    value = randomBytes(32).toString('base64');
    if (!(await signingKeys.createOnce('unsubscribe', value))) value = await signingKeys.get('unsubscribe');
  }
  return Buffer.from(value!, 'base64');
}

/** Read once per configuration (a new table is a new configuration); a failed read is tried again next time. */
const keyCache = perConfig(() => ({ key: undefined as Promise<Buffer> | undefined }));
function signingKey(): Promise<Buffer> {
  const cache = keyCache();
  cache.key ??= loadSigningKey().catch((err: unknown) => {
    cache.key = undefined;
    throw err;
  });
  return cache.key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** Most monitors one token names: a digest lists at most the bell's 50 alerts, and a plan keeps at most 50 monitors. */
export const MAX_TOKEN_MONITORS = 50;

/**
 * A token naming the alerts of one monitor or of several (a daily digest's List-Unsubscribe covers every monitor
 * it is about): `<monitorId>[_<monitorId>...].<userId>.<HMAC>`. A one-monitor token is the same as before digests
 * named several, so links already mailed stay valid; tokens never expire (RFC 8058 links stay valid).
 */
export async function unsubscribeToken(monitorIds: string | readonly string[], userId: string): Promise<string> {
  const ids = typeof monitorIds === 'string' ? [monitorIds] : [...new Set(monitorIds)].slice(0, MAX_TOKEN_MONITORS);
  const payload = `${ids.join('_')}.${userId}`;
  return `${payload}.${mac(await signingKey(), `unsubscribe:${payload}`)}`;
}

const TOKEN = new RegExp(`^([0-9A-Za-z-]{1,64}(?:_[0-9A-Za-z-]{1,64}){0,${MAX_TOKEN_MONITORS - 1}})\\.([0-9A-Za-z_-]{1,64})\\.([0-9A-Za-z_-]{43})$`);

/** The monitors and user a token names, or undefined when it is malformed or its signature is wrong. */
export async function verifyUnsubscribeToken(token: string): Promise<{ monitorIds: string[]; userId: string } | undefined> {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(mac(await signingKey(), `unsubscribe:${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { monitorIds: m[1]!.split('_'), userId: m[2]! };
}
