import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { GOOGLE_BULK_MAX_BYTES, buildGoogleBulkFile, buildGoogleBulkFiles, type BulkCase } from './google-bulk-export';

/** Reads a TCRP file back into works: `#` lines are description then authorized URL; other lines are URLs. */
function parse(content: string): { description: string; originalUrl: string; urls: string[] }[] {
  return content
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n').filter(Boolean);
      const hashed = lines.filter((l) => l.startsWith('# ')).map((l) => l.slice(2));
      return { description: hashed.slice(0, -1).join(' '), originalUrl: hashed.at(-1)!, urls: lines.filter((l) => !l.startsWith('#')) };
    });
}

const cases: BulkCase[] = [
  { description: 'Photo set "Spring 2026"\n(42 images)', originalUrl: 'https://creator.example.com/spring', infringingUrls: ['https://a.example/1', 'https://b.example/2'] },
  { description: '写真集「春」', originalUrl: 'https://creator.example.com/haru', infringingUrls: ['https://müller.example/über/1', 'https://example.jp/写真'] },
  // same work as the first case: merged, duplicate URL dropped
  { description: 'Photo set "Spring 2026" (42 images)', originalUrl: 'https://creator.example.com/spring', infringingUrls: ['https://b.example/2', 'https://c.example/3'] },
];

describe('buildGoogleBulkFile', () => {
  it('writes the TCRP text format: # description, # authorized URL, then one infringing URL a line', () => {
    const file = buildGoogleBulkFile(cases);
    expect(file.filename).toBe('google-tcrp-1.txt');
    expect(file.content).toBe(
      [
        '# Photo set "Spring 2026" (42 images)',
        '# https://creator.example.com/spring',
        'https://a.example/1',
        'https://b.example/2',
        'https://c.example/3',
        '',
        '# 写真集「春」',
        '# https://creator.example.com/haru',
        'https://xn--mller-kva.example/%C3%BCber/1',
        'https://example.jp/%E5%86%99%E7%9C%9F',
        '',
      ].join('\n'),
    );
    expect(file).toMatchObject({ works: 2, urls: 5, bytes: Buffer.byteLength(file.content) });
  });

  it('refuses a set above the limit', () => {
    expect(() => buildGoogleBulkFile(cases, { maxBytes: 100 })).toThrow(PayloadTooLargeError);
  });

  it('refuses bad input with the field named', () => {
    expect(() => buildGoogleBulkFile([{ ...cases[0], infringingUrls: ['javascript:alert(1)'] }])).toThrow(ValidationError);
    expect(() => buildGoogleBulkFile([{ ...cases[0], description: '  ' }])).toThrow(ValidationError);
    expect(() => buildGoogleBulkFile([])).toThrow(ValidationError);
  });
});

describe('buildGoogleBulkFiles', () => {
  it('gives one file when the set fits', () => {
    expect(buildGoogleBulkFiles(cases)).toHaveLength(1);
  });

  it('splits above 1 MB, each file within the limit, every URL exactly once under its own work', () => {
    const many: BulkCase[] = Array.from({ length: 40 }, (_, w) => ({
      description: `Video ${w} `.repeat(20),
      originalUrl: `https://creator.example.com/v/${w}`,
      infringingUrls: Array.from({ length: 400 }, (_, i) => `https://mirror${i % 50}.example.net/watch/${w}/${i}/${'x'.repeat(40)}`),
    }));
    const files = buildGoogleBulkFiles(many);
    expect(files.length).toBeGreaterThan(1);
    const seen = new Map<string, string>();
    let listed = 0;
    for (const f of files) {
      expect(f.bytes).toBeLessThanOrEqual(GOOGLE_BULK_MAX_BYTES);
      expect(Buffer.byteLength(f.content)).toBe(f.bytes);
      for (const work of parse(f.content)) for (const u of work.urls) {
        listed++;
        seen.set(u, work.originalUrl);
      }
    }
    expect(listed).toBe(40 * 400);
    expect(seen.size).toBe(40 * 400);
    expect(seen.get(`https://mirror7.example.net/watch/3/7/${'x'.repeat(40)}`)).toBe('https://creator.example.com/v/3');
    expect(files.map((f) => f.filename)).toEqual(files.map((_, i) => `google-tcrp-${i + 1}.txt`));
  });

  it('continues a work too large for one file under a repeated header', () => {
    const one: BulkCase = { description: 'Big work', originalUrl: 'https://creator.example.com/big', infringingUrls: Array.from({ length: 30 }, (_, i) => `https://a.example/${i}`) };
    const files = buildGoogleBulkFiles([one], { maxBytes: 200 });
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) {
      expect(f.bytes).toBeLessThanOrEqual(200);
      expect(f.content.startsWith('# Big work\n# https://creator.example.com/big\n')).toBe(true);
    }
    expect(files.flatMap((f) => parse(f.content).flatMap((w) => w.urls))).toEqual(one.infringingUrls);
  });

  it('refuses when not even one work header and one URL fit', () => {
    expect(() => buildGoogleBulkFiles(cases, { maxBytes: 20 })).toThrow(PayloadTooLargeError);
  });
});
