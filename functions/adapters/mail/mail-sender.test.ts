import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { simpleParser, type AddressObject } from 'mailparser';
import { mailConfig } from '../../lib/config';
import { createMailSender } from './create-mail-sender';
import { MailDeliveryError, type MailMessage } from './mail-sender';
import { OutboxMailSender } from './outbox-mail-sender';
import { SesMailSender } from './ses-mail-sender';

// Binary bytes (a PDF header plus every byte value) prove the attachment survives base64 both ways.
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);

const message: MailMessage = {
  to: 'abuse@hosting.example',
  from: { name: 'Vigil DMCA Agent', address: 'dmca-agent@example.com' },
  subject: 'DMCA Notice of Copyright Infringement – Case VGL-000042',
  text: 'NOTICE OF COPYRIGHT INFRINGEMENT\n\n1. https://müller.example/über/1\n',
  attachments: [{ filename: 'dmca-01JD8Y6V6M.pdf', content: pdf, contentType: 'application/pdf' }],
  headers: { 'X-Vigil-Case': 'VGL-000042' },
};

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address));

describe('OutboxMailSender', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vigil-outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a real MIME .eml: to the abuse address, from the agent, with the PDF attached', async () => {
    const sender = createMailSender(mailConfig({ OUTBOX_DIR: path.join(dir, 'outbox') }));
    expect(sender.kind).toBe('outbox');
    const sent = await sender.send(message);

    expect(sent.location).toMatch(/outbox\/\d{4}-\d\d-\d\dT[\d-]+Z-[^/]+\.eml$/);
    expect(await readdir(path.join(dir, 'outbox'))).toEqual([path.basename(sent.location!)]); // no .tmp left
    const raw = await readFile(sent.location!);
    expect(raw.includes('\r\n')).toBe(true);
    const mail = await simpleParser(raw);
    expect(addresses(mail.to)).toEqual(['abuse@hosting.example']);
    expect(mail.from?.value).toEqual([{ name: 'Vigil DMCA Agent', address: 'dmca-agent@example.com' }]);
    expect(mail.subject).toBe(message.subject);
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.text).toContain('https://müller.example/über/1');
    expect(mail.headers.get('x-vigil-case')).toBe('VGL-000042');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'dmca-01JD8Y6V6M.pdf', contentType: 'application/pdf', contentDisposition: 'attachment' });
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
  });

  it('sends as MAIL_FROM when configured, keeping the agent as Reply-To', async () => {
    const sent = await new OutboxMailSender(dir, 'notices@vigil.example').send(message);
    const mail = await simpleParser(await readFile(sent.location!));
    expect(mail.from?.value).toEqual([{ name: 'Vigil DMCA Agent', address: 'notices@vigil.example' }]);
    expect(addresses(mail.replyTo)).toEqual(['dmca-agent@example.com']);
  });

  it('never reads attachment content from a path or URL', async () => {
    const secret = path.join(dir, 'secret.txt');
    await writeFile(secret, 'do not leak');
    const sneaky = { ...message, attachments: [{ filename: 'x.txt', contentType: 'text/plain', path: secret } as never] };
    const sent = await new OutboxMailSender(dir).send(sneaky);
    const raw = await readFile(sent.location!, 'utf8');
    expect(raw).not.toContain('do not leak');
    expect(raw).not.toContain(Buffer.from('do not leak').toString('base64'));
  });

  it('fails with MailDeliveryError when the outbox cannot be written', async () => {
    const file = path.join(dir, 'not-a-dir');
    await writeFile(file, '');
    await expect(new OutboxMailSender(path.join(file, 'outbox')).send(message)).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(new OutboxMailSender(dir).send({ ...message, to: [] })).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe('SesMailSender', () => {
  let server: Server;
  let endpoint: string;
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  let reply: { status: number; headers?: Record<string, string>; body: unknown } = { status: 200, body: { MessageId: 'ses-0001' } };

  beforeAll(async () => {
    // A loopback stand-in for the SESv2 REST API: the real SDK signs and serialises the request.
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body: JSON.parse(data || '{}') as Record<string, unknown> });
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    requests.splice(0);
    reply = { status: 200, body: { MessageId: 'ses-0001' } };
  });

  const client = () => new SESv2Client({ region: 'us-east-1', endpoint, maxAttempts: 1, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' } });

  it('sends the composed MIME message as Raw content from MAIL_FROM', async () => {
    const sent = await new SesMailSender(client(), 'notices@vigil.example').send(message);
    expect(sent).toEqual({ messageId: 'ses-0001' });
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe('/v2/email/outbound-emails');
    const body = requests[0].body as { FromEmailAddress: string; Destination: { ToAddresses: string[] }; Content: { Raw: { Data: string } } };
    expect(body.FromEmailAddress).toBe('notices@vigil.example');
    expect(body.Destination.ToAddresses).toEqual(['abuse@hosting.example']);
    const mail = await simpleParser(Buffer.from(body.Content.Raw.Data, 'base64'));
    expect(addresses(mail.to)).toEqual(['abuse@hosting.example']);
    expect(addresses(mail.replyTo)).toEqual(['dmca-agent@example.com']);
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
  });

  it('maps a rejection to a non-retryable MailDeliveryError', async () => {
    reply = { status: 400, headers: { 'x-amzn-errortype': 'MessageRejected' }, body: { message: 'Email address is not verified.' } };
    const err = await new SesMailSender(client()).send(message).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect(err).toMatchObject({ name: 'MailDeliveryError', retryable: false });
    expect((err as Error).message).toMatch(/MessageRejected.*not verified/);
  });

  it('maps throttling and server errors to a retryable MailDeliveryError', async () => {
    reply = { status: 429, headers: { 'x-amzn-errortype': 'TooManyRequestsException' }, body: { message: 'slow down' } };
    await expect(new SesMailSender(client()).send(message)).rejects.toMatchObject({ name: 'MailDeliveryError', retryable: true });
    reply = { status: 500, body: { message: 'boom' } };
    await expect(new SesMailSender(client()).send(message)).rejects.toMatchObject({ name: 'MailDeliveryError', retryable: true });
  });

  it('is what the configuration selects without OUTBOX_DIR', () => {
    expect(createMailSender(mailConfig({ MAIL_FROM: 'notices@vigil.example', AWS_REGION: 'eu-west-1' })).kind).toBe('ses');
  });
});
