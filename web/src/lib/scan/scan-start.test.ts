import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES } from '@shared/references';
import { START_HINT, addReferenceFiles, buildScanFormData, canStartScan, formatBytes, isAcceptedReference, scanStartFormSchema } from './scan-start';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('scan start rules', () => {
  it('needs a trimmed name or at least one file', () => {
    expect(canStartScan('', 0)).toBe(false);
    expect(canStartScan('   ', 0)).toBe(false);
    expect(canStartScan(' Luna ', 0)).toBe(true);
    expect(canStartScan('', 1)).toBe(true);
  });

  it('refuses the form with the spec hint when both are missing', () => {
    const parsed = scanStartFormSchema.safeParse({ query: '  ', files: [], libraryIds: [], sources: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(START_HINT);
    expect(START_HINT).toBe('Please enter a creator name or upload reference content');
    expect(scanStartFormSchema.safeParse({ query: 'Luna Vale', files: [], libraryIds: [], sources: [] }).success).toBe(true);
  });

  it('refuses more than ten names', () => {
    const names = Array.from({ length: 11 }, (_, i) => `name${i}`).join(',');
    expect(scanStartFormSchema.safeParse({ query: names, files: [], libraryIds: [], sources: [] }).success).toBe(false);
  });

  it('accepts JPG, PNG, MP4 and MOV only', () => {
    expect(isAcceptedReference(file('a.JPG', 1, 'image/jpeg'))).toBe(true);
    expect(isAcceptedReference(file('a.jpeg'))).toBe(true);
    expect(isAcceptedReference(file('a.png', 1, 'image/png'))).toBe(true);
    expect(isAcceptedReference(file('a.mp4', 1, 'video/mp4'))).toBe(true);
    expect(isAcceptedReference(file('a.mov', 1, 'video/quicktime'))).toBe(true);
    expect(isAcceptedReference(file('a.gif', 1, 'image/gif'))).toBe(false);
    expect(isAcceptedReference(file('a.png', 1, 'text/html'))).toBe(false);
    expect(isAcceptedReference(file('noextension'))).toBe(false);
  });

  it('adds files one by one and says why a file is refused', () => {
    const first = addReferenceFiles([], [file('a.jpg'), file('b.gif'), file('big.png', MAX_REFERENCE_FILE_BYTES + 1)]);
    expect(first.files.map((f) => f.name)).toEqual(['a.jpg']);
    expect(first.refused).toEqual([
      { name: 'b.gif', reason: 'is not a JPG, PNG, MP4 or MOV file' },
      { name: 'big.png', reason: 'is larger than 4 MB' },
    ]);
    const again = addReferenceFiles(first.files, [file('a.jpg')]);
    expect(again.refused[0]!.reason).toBe('is already added');
  });

  it('caps the count and the total size per scan', () => {
    const many = Array.from({ length: MAX_REFERENCE_FILES + 1 }, (_, i) => file(`f${i}.png`));
    const result = addReferenceFiles([], many);
    expect(result.files).toHaveLength(MAX_REFERENCE_FILES);
    expect(result.refused[0]!.reason).toMatch(/limit of 5 files/);
    const heavy = addReferenceFiles([file('a.png', 3 * 1024 * 1024)], [file('b.png', 2 * 1024 * 1024)]);
    expect(heavy.files).toHaveLength(1);
    expect(heavy.refused[0]!.reason).toMatch(/limit of 4 MB/);
  });

  it('formats sizes', () => {
    expect(formatBytes(4 * 1024 * 1024)).toBe('4 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(12)).toBe('12 B');
  });

  it('builds the multipart body of POST /api/search', () => {
    const blob = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const form = buildScanFormData({ query: '  Luna Vale, lunavale ', files: [blob] });
    expect(form.get('userId')).toBe('me');
    expect(form.get('query')).toBe('Luna Vale, lunavale');
    expect(form.get('contentType')).toBe('images,videos');
    expect(form.get('searchEngines')).toBe('["google","bing"]');
    const files = form.getAll('referenceFiles') as File[];
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe('me.png');
    expect(form.get('libraryReferences')).toBeNull();
    expect(form.get('sources')).toBeNull();
  });

  it('sends library files by id, which count as reference content and toward the five-file cap', () => {
    expect(buildScanFormData({ query: '', files: [], libraryIds: ['01A', '01B'], sources: [] }).get('libraryReferences')).toBe('["01A","01B"]');
    expect(scanStartFormSchema.safeParse({ query: '', files: [], libraryIds: ['01A'], sources: [] }).success).toBe(true);
    const six = scanStartFormSchema.safeParse({ query: 'Luna', files: [], libraryIds: ['1', '2', '3', '4', '5', '6'], sources: [] });
    expect(six.error?.issues.map((i) => i.message)).toEqual(['A scan takes at most 5 reference files in all.']);
  });

  it('sends the sources as a JSON list (issue 25)', () => {
    const form = buildScanFormData({ query: 'Luna', files: [], sources: [{ kind: 'telegram', target: 'leakchan' }, { kind: 'site', target: 'erome-album' }] });
    expect(JSON.parse(form.get('sources') as string)).toEqual([
      { kind: 'telegram', target: 'leakchan' },
      { kind: 'site', target: 'erome-album' },
    ]);
  });
});
