import { execFileSync } from 'node:child_process';
import type { AgentIdentity } from './agent-identity';
import { NOTICE_RUNGS, noticeSubject, type NoticeInput, type NoticeRung } from './notice-content';
import { renderNoticePdf } from './notice-pdf';
import { renderNoticeText } from './notice-text';

/* Issue 23: each rung of the escalation ladder gets a notice addressed and worded for its recipient's role. */

const agent: AgentIdentity = {
  name: 'Riley Agent',
  company: 'Vigil Content Protection, Inc.',
  address: '100 Example Avenue; Springfield, CA 90000; United States',
  email: 'notices@agent.example.com',
  phone: '+1 (555) 010-0199',
  signatureName: 'Riley Agent',
};

const input = (rung: NoticeRung, extra: Partial<NoticeInput> = {}): NoticeInput => ({
  caseNumber: 'VGL-000042',
  caseId: '01JD8Y6V6M2Q7J3K9P0R5S8T1W',
  date: '2026-11-21T10:00:00Z',
  work: { description: 'Photo set "Spring" (42 images)' },
  infringingUrls: ['https://leaks.example/thread/1', 'https://leaks.example/thread/2'],
  agent,
  rung,
  ...extra,
});

const squash = (s: string) => s.replace(/\s+/g, ' ');
const pdfText = (pdf: Buffer) => squash(execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8'));

const EXPECTED: Record<NoticeRung, { to: string; asks: string; role?: string }> = {
  host: { to: 'To the designated copyright agent of the service provider hosting the material identified below:', asks: 'Please expeditiously remove or disable access to the material at the 2 URLs listed below.' },
  network: {
    to: 'To the abuse team of Example Transit, the network provider whose IP address space hosts the site identified below:',
    asks: 'Please have your customer expeditiously remove or disable access to the material at the 2 URLs listed below.',
    role: 'You are receiving this notice as the network provider of the IP address the site resolves to.',
  },
  cdn: {
    to: 'To the abuse team of Example Transit, the content delivery network serving the site identified below as its CDN or reverse proxy:',
    asks: "Please expeditiously stop serving the material at the 2 URLs listed below, and pass this notice to the site's hosting provider.",
    role: 'the site reaches the public through your service, which hides its hosting provider.',
  },
  registrar: {
    to: 'To the abuse contact of Example Transit, the registrar of the domain name of the site identified below:',
    asks: 'Please pass this notice to the registrant of the domain and act on the domain as your abuse policy provides for the material at the 2 URLs listed below.',
    role: "You are receiving this notice as the registrar of the site's domain name.",
  },
  delisting: {
    to: 'To the copyright removals team of Example Transit, for the search results listing the material identified below:',
    asks: 'Please remove the 2 URLs listed below from your search results.',
    role: 'Delisting does not remove the copies',
  },
};

describe('notices worded for each rung of the ladder', () => {
  it.each(NOTICE_RUNGS)('%s: addressed to its role, asking what that role can do, in the text and the PDF', async (rung) => {
    const earlier = rung === 'host' ? [] : [{ step: 'host' as const, at: '2026-11-14T09:00:00Z', recipient: 'abuse@leaks.example' }];
    const n = input(rung, { ...(rung === 'host' ? {} : { recipientName: 'Example Transit' }), earlier });
    const text = squash(renderNoticeText(n));
    const want = EXPECTED[rung];
    expect(text).toContain(want.to);
    expect(text).toContain(want.asks);
    if (want.role) {
      expect(text).toContain(want.role);
      expect(text).toContain('Earlier notices about the same material went to the host (abuse@leaks.example) on November 14, 2026; the material is still online.');
    } else {
      expect(text).not.toContain('Earlier notices');
      expect(text).not.toContain('You are receiving this notice');
    }
    // The statements a valid notice needs stay whatever the rung (512(c)(3)(A)).
    expect(text).toContain('good faith belief');
    expect(text).toContain('under penalty of perjury');
    const pdf = pdfText(await renderNoticePdf(n));
    expect(pdf).toContain(want.asks);
    if (want.role) expect(pdf).toContain(want.role);
    // No other rung's request slips in.
    for (const other of NOTICE_RUNGS.filter((r) => r !== rung && EXPECTED[r].asks !== want.asks)) expect(text).not.toContain(EXPECTED[other].asks);
  });

  it('names the rung in the subject beyond the host, and falls back to the role without a name', () => {
    expect(noticeSubject({ caseNumber: 'VGL-1' })).toBe('DMCA Notice of Copyright Infringement – Case VGL-1');
    expect(noticeSubject({ caseNumber: 'VGL-1', rung: 'registrar' })).toBe('DMCA Notice of Copyright Infringement (to the registrar) – Case VGL-1');
    expect(squash(renderNoticeText(input('network')))).toContain('To the abuse team of the network provider whose IP address space hosts the site identified below:');
  });
});
