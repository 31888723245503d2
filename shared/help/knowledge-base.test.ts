import {
  FAQ_CATEGORIES,
  FAQ_ENTRIES,
  HELP_ARTICLES,
  HELP_PAGES,
  PAGE_SUGGESTIONS,
  SUPPORT_EMAIL,
  pageKey,
  suggestionsForPage,
  withPlanPrices,
} from './knowledge-base';
import { chatRequestSchema, MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG } from './chat';

const faq = (id: string) => {
  const e = FAQ_ENTRIES.find((x) => x.id === id);
  if (!e) throw new Error(`no FAQ entry ${id}`);
  return e;
};

describe('help FAQ', () => {
  it('has at least 5 entries in every category and unique ids and questions', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_ENTRIES.filter((e) => e.category === category).length).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(FAQ_ENTRIES.length);
    expect(new Set(FAQ_ENTRIES.map((e) => e.question)).size).toBe(FAQ_ENTRIES.length);
  });

  it('states the plan prices and the enforced allowances of shared/plans.ts', () => {
    expect(faq('plan-prices').answer).toEqual(expect.stringContaining('$0'));
    for (const price of ['$50/month', '$100/month', '$150/month']) expect(faq('plan-prices').answer).toContain(price);
    const limits = faq('plan-limits').answer;
    expect(limits).toContain('Trial 3 scans and 3 violations submitted (bulk, Google only)');
    expect(limits).toContain('Basic 120 scans and 10 automated takedowns');
    expect(limits).toContain('Pro 340 scans and 100 automated takedowns');
    expect(limits).toContain('Enterprise 520 scans and unlimited takedowns');
    expect(limits).toContain('Every scan counts, whether you start it, press Run now or a monitor runs on its schedule');
  });

  it('names every price as a launch price, which withPlanPrices swaps for the stored one in one pass', () => {
    const texts = [...FAQ_ENTRIES.map((e) => e.answer), ...HELP_ARTICLES.map((a) => a.body)];
    const named = texts.flatMap((t) => [...t.matchAll(/\$(\d+)\/month/g)].map((m) => m[1]));
    expect(new Set(named)).toEqual(new Set(['50', '100', '150']));
    // Basic takes Pro's launch price: each phrase is replaced once, by its own plan's price.
    const now = withPlanPrices(faq('plan-prices').answer, { basic: 100, pro: 150, enterprise: 240 });
    expect(now).toContain('Basic costs $100/month, Pro costs $150/month and Enterprise costs $240/month.');
    expect(withPlanPrices(faq('enterprise-plan').answer, { basic: 100, pro: 150, enterprise: 240 })).toContain('Enterprise ($240/month)');
    expect(withPlanPrices(faq('plan-prices').answer, undefined)).toBe(faq('plan-prices').answer);
  });

  it('states the product facts the assistant is asked about', () => {
    expect(faq('reference-file-types').answer).toMatch(/JPG.*PNG.*MP4.*MOV/s);
    expect(faq('stay-anonymous').answer).toContain("company's own identity");
    expect(faq('takedown-time').answer).toContain('24-48 hours');
    expect(faq('money-back').answer).toContain('30-day money-back');
    expect(faq('counter-notice').answer).toContain('10-14 business days');
    expect(faq('allowlist-purpose').answer).toMatch(/authorized partner, fair use, licensing agreement or owned property/);
    expect(faq('confidence-badges').answer).toMatch(/Red means 80% or more.*yellow means 60%/s);
    expect(faq('automated-submission').answer).toMatch(/paid plans/);
  });

  it('is plain text: no markdown, no unresolved placeholders', () => {
    for (const text of [...FAQ_ENTRIES.map((e) => e.answer), ...HELP_ARTICLES.map((a) => a.body)]) {
      expect(text).not.toMatch(/\*\*|^#|\$\{|undefined/m);
    }
  });
});

describe('help articles', () => {
  it('cover the topics of the help centre, each tied to known pages', () => {
    const ids = HELP_ARTICLES.map((a) => a.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'running-a-scan', 'reading-results', 'marking-results', 'creating-a-dmca-case', 'pdf-notices', 'automated-submission',
        'bulk-submission', 'domain-allowlist', 'creator-settings', 'risk-dashboard', 'account-and-billing', 'contact-support',
      ]),
    );
    for (const a of HELP_ARTICLES) {
      expect(a.pages.length).toBeGreaterThan(0);
      for (const p of a.pages) expect(HELP_PAGES).toContain(p);
    }
    expect(HELP_ARTICLES.find((a) => a.id === 'reading-results')!.body).toMatch(/red at 80% or more.*yellow from 60%/s);
  });
});

describe('page suggestions', () => {
  it('maps locations to page keys', () => {
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/dmca/01JABC?resultId=7')).toBe('/dmca');
    expect(pageKey('/account?tab=billing')).toBe('/account');
    expect(pageKey('/Settings/')).toBe('/settings');
    expect(pageKey('/nowhere')).toBeUndefined();
    expect(pageKey(undefined)).toBeUndefined();
  });

  it('has a list for every page and a default, and each suggestion is a FAQ question', () => {
    const questions = new Set(FAQ_ENTRIES.map((e) => e.question));
    for (const [page, list] of Object.entries(PAGE_SUGGESTIONS)) {
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const q of list) expect({ page, q, known: questions.has(q) }).toEqual({ page, q, known: true });
    }
    expect(suggestionsForPage('/dmca/new')).toEqual(PAGE_SUGGESTIONS['/dmca']);
    expect(suggestionsForPage('/admin')).toEqual(PAGE_SUGGESTIONS.default);
  });

  it('exports the fictional support address', () => {
    expect(SUPPORT_EMAIL).toBe('support@vigil.example');
  });
});

describe('chat request schema', () => {
  it('accepts the widget payload and fills defaults', () => {
    expect(chatRequestSchema.parse({ message: ' hi ' })).toEqual({ message: 'hi', context: { page: '/', conversationHistory: [] } });
  });

  it('refuses an over-long message with a clear message', () => {
    const r = chatRequestSchema.safeParse({ message: 'x'.repeat(MAX_MESSAGE_CHARS + 1), context: { page: '/' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MESSAGE_TOO_LONG);
  });
});

