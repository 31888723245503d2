import { FAQ_ENTRIES } from './faq';
import { SUPPORT_EMAIL, withSupportEmail } from './support';

describe('withSupportEmail', () => {
  it('puts the configured inbox in every place a help text names the support address', () => {
    const texts = FAQ_ENTRIES.map((e) => e.answer).filter((t) => t.includes(SUPPORT_EMAIL));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      const shown = withSupportEmail(text, 'help@acme-protect.test');
      expect(shown).not.toContain(SUPPORT_EMAIL);
      expect(shown.split('help@acme-protect.test').length).toBe(text.split(SUPPORT_EMAIL).length);
    }
    expect(withSupportEmail(`write to ${SUPPORT_EMAIL}.`, undefined)).toBe('write to our support team.');
  });
});
