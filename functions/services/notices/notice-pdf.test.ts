import { execFileSync } from 'node:child_process';
import { AGENT_DEFAULTS, type AgentIdentity } from './agent-identity';
import { renderNoticePdf, renderNoticeText, type NoticeInput } from './notice-pdf';
import { ValidationError } from '../../lib/errors';

/** Text layer of a PDF, as a host's tooling (or a person copying from it) would get it. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf }).toString('utf8');
}
/** pdftotext breaks long URLs across lines; compare without any whitespace. */
const squash = (s: string) => s.replace(/\s+/g, '');

const agent: AgentIdentity = {
  name: 'Riley Agent',
  company: 'Vigil Content Protection, Inc.',
  address: '100 Example Avenue, Suite 400; Springfield, CA 90000; United States',
  email: 'notices@agent.example.com',
  phone: '+1 (555) 010-0199',
  signatureName: 'Riley Agent',
};

const longUrl = `https://files.example.org/d/${'a1b2c3d4e5f6'.repeat(10)}?download=1&token=${'x'.repeat(40)}`;
const urls = [
  'https://tube.example.net/watch/8812734/exclusive-set-leaked',
  longUrl,
  'https://müller-bilder.example/galerie/über-uns/foto-ü.jpg',
  'https://example.jp/アルバム/写真集-2026.html',
];

function input(overrides: Partial<NoticeInput> = {}): NoticeInput {
  return {
    caseNumber: 'VGL-000042',
    caseId: '01JD8Y6V6M2Q7J3K9P0R5S8T1W',
    date: '2026-11-21T10:00:00Z',
    work: { description: 'Photo set 写真集「春」 (42 images) from the subscription page', originalUrl: 'https://creator.example.com/posts/spring-2026' },
    infringingUrls: urls,
    searchEngine: 'google',
    evidence: [{ url: urls[0], seenAt: '2026-11-20T14:03:00Z', similarity: 0.97 }],
    agent,
    ...overrides,
  };
}

describe('renderNoticePdf', () => {
  let text: string;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderNoticePdf(input());
    text = pdfText(pdf);
  });

  it('is a PDF with embedded (subset) fonts only', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/Roboto/);
    expect(fonts).toMatch(/NotoSansJP/);
    // every font line ends "emb sub uni" = yes yes yes
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    for (const row of rows) expect(row).toMatch(/yes\s+yes\s+yes/);
  });

  it('carries every element of 17 U.S.C. 512(c)(3)(A), the case number and the date', () => {
    // (i) signature of the authorized agent
    expect(text).toContain('/s/ Riley Agent');
    expect(text).toContain('Authorized agent for the copyright owner');
    // (ii) the work and where the authorized original is
    expect(text).toContain('Photo set 写真集「春」 (42 images)');
    expect(text).toContain('https://creator.example.com/posts/spring-2026');
    // (iii) each infringing URL, Unicode ones included, long ones unbroken once whitespace is ignored
    for (const url of urls) expect(squash(text)).toContain(squash(url));
    // (iv) the agent's contact details
    for (const s of ['Riley Agent', 'Vigil Content Protection, Inc.', '100 Example Avenue, Suite 400', 'Springfield, CA 90000', '+1 (555) 010-0199', 'notices@agent.example.com'])
      expect(text).toContain(s);
    // (v) good faith, (vi) accuracy and authority under penalty of perjury
    expect(squash(text)).toContain(squash('I have a good faith belief that use of the copyrighted material described above, in the manner complained of, is not authorized by the copyright owner, its agent, or the law.'));
    expect(squash(text)).toContain(squash('I swear that the information in this notification is accurate and, under penalty of perjury, that I am authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.'));
    // sent by an authorized agent on behalf of the (unnamed) owner
    expect(squash(text)).toContain(squash('an agent authorized to act on behalf of the owner of the copyright'));
    expect(text).toContain('VGL-000042');
    expect(text).toContain('November 21, 2026');
    expect(text).toContain('located through Google Search');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('lists evidence with when it was seen and the similarity', () => {
    expect(text).toContain('2026-11-20 14:03 UTC');
    expect(text).toContain('97%');
  });

  it('never carries the creator’s own details, even when they ride along on the case by mistake', async () => {
    const creator = { contentCreatorName: 'Jane Q. Creator', contentCreatorEmail: 'jane.creator@mail.test', contentCreatorPhone: '+1 212 555 0147', contentCreatorAddress: '12 Hidden Lane, Privateville' };
    // A caller spreading a whole case record (creator profile included) into the notice input, and into the work.
    const sloppy = { ...input(), ...creator, work: { ...input().work, ...creator }, agent: { ...agent, ...creator } } as NoticeInput;
    const out = pdfText(await renderNoticePdf(sloppy));
    const mail = renderNoticeText(sloppy);
    for (const value of Object.values(creator)) {
      expect(out).not.toContain(value);
      expect(mail).not.toContain(value);
    }
    expect(out).toContain('Photo set'); // the description itself is fine and present
  });

  it('shows a URL no embedded font can draw in its ASCII form, so no locator is lost', async () => {
    const korean = 'https://example.kr/사진/1';
    const out = pdfText(await renderNoticePdf(input({ infringingUrls: [korean], evidence: [] })));
    expect(out).toContain(new URL(korean).href);
  });

  it('omits the evidence section without evidence and drops duplicate URLs', async () => {
    const out = pdfText(await renderNoticePdf(input({ evidence: undefined, infringingUrls: [urls[0], urls[0]] })));
    expect(out).not.toContain('Evidence captured');
    expect(out.split('exclusive-set-leaked').length - 1).toBe(1);
    expect(out).toContain('the material at the URL listed below');
  });

  it('keeps every section and URL whatever the page breaks (pdfmake drops unbreakable blocks it cannot place)', async () => {
    for (const n of [1, 5, 8, 12, 22, 35]) {
      const many = Array.from({ length: n }, (_, i) => `https://mirror${i}.example.com/view/${i}/copied-video-${i}.mp4`);
      const out = pdfText(await renderNoticePdf(input({ infringingUrls: many, evidence: many.slice(0, 3).map((url) => ({ url, seenAt: '2026-11-20T14:03:00Z' })) })));
      for (const h of ['1. Copyrighted work', '2. Infringing material', '3. Evidence', '4. Contact information', '5. Statements', '6. Signature', '/s/ Riley Agent', 'notices@agent.example.com'])
        expect(out).toContain(h);
      for (const u of many) expect(out).toContain(u);
      const pages = out.split('\f').filter((p) => p.trim());
      for (const page of pages) expect(page.split('\n').filter((l) => l.trim()).length).toBeGreaterThan(4); // no blank page
    }
  });

  it('refuses an incomplete notice with the fields named', async () => {
    const bad = input({ infringingUrls: ['not a url'], work: { description: ' ', originalUrl: 'ftp://x' } });
    await expect(renderNoticePdf(bad)).rejects.toBeInstanceOf(ValidationError);
    try {
      await renderNoticePdf(bad);
    } catch (e) {
      expect((e as ValidationError).fields?.map((f) => f.path).sort()).toEqual(['infringingUrls.0', 'work.description', 'work.originalUrl']);
    }
  });
});

describe('renderNoticeText', () => {
  it('has the same elements as the PDF, one URL per line', () => {
    const t = renderNoticeText(input({ agent: AGENT_DEFAULTS }));
    for (const url of urls) expect(t.split('\n').some((l) => l.trim().endsWith(url))).toBe(true);
    expect(t).toContain('/s/ Vigil Content Protection, Inc., DMCA Agent');
    expect(t).toContain('E-mail: dmca-agent@example.com');
    expect(t).toContain('Telephone: +1 (555) 010-0199');
    expect(t).toContain('Case number: VGL-000042');
    expect(squash(t)).toContain(squash('under penalty of perjury'));
    expect(t).toContain('good faith belief');
  });
});
