import { resetConfig } from '../../../lib/config';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { CONTACT_MESSAGES, contactResponseSchema } from '../../../../shared/schemas/contact';
import { SUPPORT_EMAIL } from '../../../../shared/help/knowledge-base';
import { getItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { queryNewest } from '../../../store/table';
import { CONTACT, sendContactMessage } from '../../../services/contact/send-contact';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let outbox: string;

beforeAll(async () => {
  h = await startHarness({ outbox: true });
  outbox = h.outbox;
});
afterAll(() => h.close());

const send = (who: TestUser | undefined, body: unknown) => call(contract.sendContact, { as: who, body });
const message = { name: 'Jane Creator', email: 'jane@creator.example', subject: 'Billing question', message: 'Can I pay yearly?' };
const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address));
const emls = async () => (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();

describe('POST /api/contact', () => {
  it('refuses anonymous callers with 401 and stores nothing', async () => {
    const res = await send(undefined, message);
    expect(res.status).toBe(401);
    expect(await emls()).toEqual([]);
  });

  it('refuses missing or invalid fields with 400 and a clear message per field', async () => {
    const who = await session();
    const res = await send(who, { name: '  ', email: 'not-an-email', message: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([
      { path: 'body.name', message: CONTACT_MESSAGES.name },
      { path: 'body.email', message: CONTACT_MESSAGES.email },
      { path: 'body.message', message: CONTACT_MESSAGES.message },
    ]);
    expect((await send(who, { ...message, message: 'x'.repeat(5001) })).body.error).toBe('Message must be at most 5000 characters.');
    expect((await send(who, {})).status).toBe(400);
    expect(await emls()).toEqual([]);
  });

  it('stores the message and mails it to the support inbox, replying to the sender', async () => {
    const who = await session();
    const res = await send(who, { ...message, name: 'Jane\r\nBcc: victim@example.com' });
    expect(res.status).toBe(201);
    const { id } = contactResponseSchema.strict().parse(res.body);

    const [file] = await emls();
    const mail = await simpleParser(await readFile(path.join(outbox, file!)));
    expect(addresses(mail.to)).toEqual([SUPPORT_EMAIL]);
    expect(addresses(mail.replyTo)).toEqual(['jane@creator.example']);
    expect(addresses(mail.bcc)).toEqual([]);
    expect(mail.subject).toBe('[Contact] Billing question');
    expect(mail.text).toContain('Can I pay yearly?');
    expect(mail.text).toContain('Name: Jane Bcc: victim@example.com');
    expect(mail.text).toContain(`Account: ${who.userId} (${who.email})`);
    expect(mail.headers.get('x-vigil-contact')).toBe(id);

    const Item = await getItem(keys.entity(CONTACT, id));
    expect(Item).toMatchObject({ id, userId: who.userId, email: 'jane@creator.example', subject: 'Billing question', status: 'sent', messageId: mail.messageId });
  });

  it('allows 5 messages an hour per user, then 429 with the spec-style message; others are not affected', async () => {
    const who = await session();
    const before = (await emls()).length;
    for (let i = 0; i < 5; i++) {
      const { subject: _subject, ...noSubject } = message;
      expect((await send(who, noSubject)).status).toBe(201);
    }
    const sixth = await send(who, message);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: CONTACT_MESSAGES.rateLimited, code: 'RATE_LIMITED' });
    expect((await emls()).length).toBe(before + 5);
    const mail = await simpleParser(await readFile(path.join(outbox, (await emls()).at(-1)!)));
    expect(mail.subject).toBe('[Contact] Message from the contact form');
    expect((await send(await session(), message)).status).toBe(201);
  });
});

describe('sendContactMessage', () => {
  it('answers 502, keeps the message as mail-failed and gives the rate token back when mail fails', async () => {
    const blocker = path.join(h.dir, 'not-a-dir');
    await writeFile(blocker, '');
    process.env.OUTBOX_DIR = path.join(blocker, 'outbox');
    resetConfig();
    const ctx = { userId: 'U-MAIL-FAIL', accountEmail: 'x@example.test' };
    const now = new Date('2030-01-01T10:10:00.000Z');
    try {
      await expect(sendContactMessage({ ...message }, ctx, now)).rejects.toMatchObject({ statusCode: 502, code: 'CONTACT_NOT_SENT' });
    } finally {
      process.env.OUTBOX_DIR = outbox;
      resetConfig();
    }
    const stored = await queryNewest({ index: 'gsi1', partition: keys.ownedByPartition(ctx.userId, CONTACT), limit: 10 });
    expect(stored.map((i) => i.status)).toEqual(['mail-failed']);
    // The failed attempt did not use up the hour: 5 more go through, the 6th is refused.
    for (let i = 0; i < 5; i++) await sendContactMessage({ ...message }, ctx, now);
    await expect(sendContactMessage({ ...message }, ctx, now)).rejects.toMatchObject({ statusCode: 429 });
    // The next hour is a new window.
    await expect(sendContactMessage({ ...message }, ctx, new Date('2030-01-01T11:00:00.000Z'))).resolves.toEqual({ id: expect.any(String) });
  });
});
