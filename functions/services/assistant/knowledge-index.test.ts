import { FAQ_ENTRIES, HELP_ARTICLES } from '../../../shared/help/knowledge-base';
import { KnowledgeIndex } from './knowledge-index';
import { isConfident } from './retrieval';
import { terms } from './text';

const index = new KnowledgeIndex();

describe('term normalisation', () => {
  it('drops stop words, stems, and splits on symbols', () => {
    expect(terms("How much does the Pro plan cost?")).toEqual(['much', 'pro', 'plan', 'cost']);
    expect(terms('disputed takedowns')).toEqual(terms('dispute takedown'));
    expect(terms('$50/month')).toEqual(['50', 'month']);
  });
});

describe('KnowledgeIndex', () => {
  it('indexes every FAQ entry and every article paragraph', () => {
    const paragraphs = HELP_ARTICLES.reduce((n, a) => n + a.body.split(/\n\s*\n/).length, 0);
    expect(index.size).toBe(FAQ_ENTRIES.length + paragraphs);
    for (const e of FAQ_ENTRIES) expect(index.faqEntry(`faq:${e.id}`)).toBe(e);
  });

  it('ranks by meaning words, with typos and word forms', () => {
    expect(index.query('how much is the pro plan')[0]?.passage.id).toBe('faq:plan-prices');
    expect(index.query('how much is the pro plna')[0]?.passage.id).toBe('faq:plan-prices');
    expect(index.query('anonymity')[0]?.passage.id).toBe('faq:stay-anonymous');
    expect(index.query('whitelist a website')[0]?.passage.sourceId).toMatch(/allowlist/);
  });

  it("favours the caller's page when a question fits several pages", () => {
    expect(index.query('How long does it take?', { page: '/search' })[0]?.passage.id).toBe('faq:scan-duration');
    expect(index.query('How long does it take?', { page: '/cases' })[0]?.passage.id).toBe('faq:takedown-time');
  });

  it('gives no hits for stop words only, and no confident hit for unrelated questions', () => {
    expect(index.query('what is it?')).toEqual([]);
    for (const q of ['What is the capital of France?', 'Do you support two-factor authentication?', 'What is a good investment?', 'Is my data encrypted?']) {
      expect({ q, confident: isConfident(index.query(q)[0]) }).toEqual({ q, confident: false });
    }
  });
});
