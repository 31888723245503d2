import { creatorSettingsSchema } from './creator';
import { bulkSubmitSchema, caseCreateSchema, dmcaFormSchema, splitInfringingUrls, splitResultUrls } from './cases';
import { upgradeBodySchema } from './subscription';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('DMCA form values', () => {
  const valid = {
    fullName: 'Ana Pérez',
    email: 'ana@example.com',
    address: '1 Main St',
    infringingUrl: 'https://a.example/1\n\nhttps://a.example/2\nhttps://a.example/1',
    originalUrl: 'https://mine.example/set',
    note: 'Photo set',
    searchEngine: 'google',
    legalDeclaration: true,
  };

  it('accepts a complete form, normalising the URL list (one a line, no blanks or duplicates)', () => {
    const parsed = dmcaFormSchema.parse(valid);
    expect(parsed.infringingUrl).toBe('https://a.example/1\nhttps://a.example/2');
    expect(parsed.phone).toBeUndefined();
  });

  it("gives the spec's message for every field", () => {
    const r = dmcaFormSchema.safeParse({ fullName: ' ', email: 'x', address: '', infringingUrl: '\n', originalUrl: 'nope', note: 'x'.repeat(501), legalDeclaration: false });
    expect(messages(r)).toEqual([
      'Full name is required',
      'Valid email is required',
      'Address is required',
      'At least one URL is required',
      'Valid URL is required',
      'Your note is longer than 500 characters. Shorten it: nothing is cut for you.',
      'Search engine is required',
      'Legal declaration must be accepted',
    ]);
  });

  it('refuses non-http(s) URLs, line by line', () => {
    const r = dmcaFormSchema.safeParse({ ...valid, infringingUrl: 'https://ok.example\nftp://x.example/f\nmailto:a@b.c' });
    expect(messages(r)).toEqual(['Line 2 is not a valid http(s) URL: ftp://x.example/f', 'Line 3 is not a valid http(s) URL: mailto:a@b.c']);
    expect(messages(dmcaFormSchema.safeParse({ ...valid, originalUrl: 'javascript:alert(1)' }))).toEqual(['Valid URL is required']);
    // Issue 23: the original URL may be left empty (the notice then describes the work without one).
    expect(dmcaFormSchema.parse({ ...valid, originalUrl: '' }).originalUrl).toBeUndefined();
  });
});

describe('URL lists', () => {
  it('splits a case field by lines and a result url by commas or lines', () => {
    expect(splitInfringingUrls(' https://a/1 \r\nhttps://a/2\n')).toEqual(['https://a/1', 'https://a/2']);
    expect(splitResultUrls('https://a/1, https://a/2,https://a/1')).toEqual(['https://a/1', 'https://a/2']);
  });
});

describe('case create and bulk bodies', () => {
  it('upper-cases ids and requires a search result id', () => {
    const r = caseCreateSchema.safeParse({ infringingUrl: 'https://a.example', originalUrl: 'https://b.example', description: 'd', searchEngine: 'bing' });
    expect(messages(r)).toEqual(['Search result id is required.']);
  });

  it('defaults platforms to google and the threshold to the eligibility minimum (0.7), dropping repeated ids', () => {
    const id = '01JD8Y6V6M2Q7J3K9P0R5S8T1W';
    expect(bulkSubmitSchema.parse({ searchResultIds: [id, id.toLowerCase()] })).toEqual({
      searchResultIds: [id],
      platforms: ['google'],
      autoSubmitThreshold: 0.7,
    });
    expect(messages(bulkSubmitSchema.safeParse({ searchResultIds: [] }))).toEqual(['Please select violations to submit automated DMCA requests.']);
  });
});

describe('creator settings and upgrade', () => {
  it("uses the spec's messages and makes phone optional", () => {
    expect(messages(creatorSettingsSchema.safeParse({}))).toEqual(['Content creator name is required', 'Valid email is required', 'Address is required']);
    expect(creatorSettingsSchema.parse({ contentCreatorName: 'A', contentCreatorEmail: 'a@b.co', contentCreatorAddress: 'X', contentCreatorPhone: '  ' }).contentCreatorPhone).toBeNull();
  });

  it('upgrades to a paid plan only', () => {
    expect(upgradeBodySchema.safeParse({ planId: 'trial' }).success).toBe(false);
    expect(upgradeBodySchema.parse({ planId: 'enterprise' })).toEqual({ planId: 'enterprise' });
  });
});
