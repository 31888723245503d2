import path from 'node:path';
import { existsSync } from 'node:fs';
import { isRenderable, noticeFonts, runs } from './notice-fonts';

describe('notice fonts', () => {
  it('locates every font file it allows', () => {
    const { files } = noticeFonts();
    expect(files.size).toBe(5);
    for (const f of files) expect(existsSync(f) && path.isAbsolute(f)).toBe(true);
  });

  it('splits text into runs by the font that has each character; spaces stay in the current run', () => {
    expect(runs('Photo set 写真集「春」 über')).toEqual([
      { text: 'Photo set ' },
      { text: '写真集「春」 ', font: 'NotoSansJP' },
      { text: 'über' },
    ]);
    expect(runs('')).toEqual([{ text: '' }]);
  });

  it('knows what it cannot draw', () => {
    expect(isRenderable('https://müller.example/写真/Ωμέγα/Привет')).toBe(true);
    expect(isRenderable('https://example.kr/사진')).toBe(false);
  });
});
