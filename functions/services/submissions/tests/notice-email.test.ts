import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { mailConfig } from '../../../lib/config';
import { createMailSender } from '../../../adapters/mail/create-mail-sender';
import { AGENT_DEFAULTS } from '../../notices/agent-identity';
import { buildNoticeEmail } from '../notice-email';
import type { NoticeInput } from '../../notices/notice-content';

const input: NoticeInput = {
  caseNumber: 'VGL-000007',
  caseId: '01JD8Y6V6M2Q7J3K9P0R5S8T1W',
  date: new Date('2026-11-21T10:00:00Z'),
  work: { description: 'Video “Beach day” from the subscription page', originalUrl: 'https://creator.example.com/v/beach' },
  infringingUrls: ['https://tube.example.test/watch/1', 'https://tube.example.test/watch/2'],
  agent: AGENT_DEFAULTS,
};

describe('a notice sent through the outbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vigil-notice-mail-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('arrives as an .eml addressed to the abuse contact, from the agent, with the notice PDF attached', async () => {
    const sender = createMailSender(mailConfig({ OUTBOX_DIR: dir }));
    const sent = await sender.send(await buildNoticeEmail(input, 'abuse@hosting.example'));

    const mail = await simpleParser(await readFile(sent.location!));
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0].address).toBe('abuse@hosting.example');
    expect(mail.from?.value[0]).toEqual({ name: 'Vigil DMCA Agent', address: 'dmca-agent@example.com' });
    expect(mail.subject).toBe('DMCA Notice of Copyright Infringement – Case VGL-000007');
    expect(mail.text).toContain('https://tube.example.test/watch/2');
    expect(mail.text).toContain('/s/ Vigil Content Protection, Inc., DMCA Agent');

    const [attachment] = mail.attachments;
    expect(attachment.filename).toBe('dmca-01JD8Y6V6M2Q7J3K9P0R5S8T1W.pdf');
    const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: attachment.content }).toString();
    expect(pdfText).toContain('VGL-000007');
    expect(pdfText).toContain('https://tube.example.test/watch/1');
  });
});
