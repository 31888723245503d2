import path from 'node:path';
import * as fontkit from 'fontkit';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { bundleDir } from '../../lib/bundle';

/**
 * Fonts embedded in notice PDFs. Roboto (shipped inside pdfmake) covers Latin, Greek and Cyrillic; Noto Sans
 * JP covers Japanese (kana and the kanji in use) and most CJK punctuation. pdfmake has no per-glyph font
 * fallback (a character missing from the font silently vanishes, text layer included), so `runs()` splits a
 * string into runs by which font has each character. Only the Regular weight of Noto Sans JP is used, for
 * every style: it is the one 5 MB file a bundle must carry, and the only CJK text in a notice is user data
 * (descriptions, URLs), which is set in the regular weight anyway.
 */
/** The font files a notice embeds, by the names they have in a bundle's `assets/fonts/` folder. */
const FONT_FILES = {
  robotoRegular: 'Roboto-Regular.ttf',
  robotoMedium: 'Roboto-Medium.ttf',
  robotoItalic: 'Roboto-Italic.ttf',
  robotoMediumItalic: 'Roboto-MediumItalic.ttf',
  notoSansJp: 'NotoSansJP-Regular.ttf',
} as const;

/**
 * Where the font files are. In a Lambda bundle they sit beside it in `assets/fonts/` (copied there by
 * infra/bundling/copy-assets.ts, whose rule for this module must keep the names above); nothing is resolved
 * from node_modules at run time. From source (the tests, `npm start`) they are read from their packages.
 */
function locateFonts(): TFontDictionary {
  const bundled = bundleDir();
  const file = (name: keyof typeof FONT_FILES): string => {
    if (bundled) return path.join(bundled, 'assets', 'fonts', FONT_FILES[name]);
    if (name === 'notoSansJp') return require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');
    return path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto', FONT_FILES[name]);
  };
  const notoJp = file('notoSansJp');
  return {
    Roboto: {
      normal: file('robotoRegular'),
      bold: file('robotoMedium'),
      italics: file('robotoItalic'),
      bolditalics: file('robotoMediumItalic'),
    },
    NotoSansJP: { normal: notoJp, bold: notoJp, italics: notoJp, bolditalics: notoJp },
  };
}

let located: { fonts: TFontDictionary; files: ReadonlySet<string> } | undefined;

/**
 * The pdfmake font dictionary and the set of every file in it (the local access policy allows these and
 * nothing else). Resolved once per process.
 */
export function noticeFonts(): { fonts: TFontDictionary; files: ReadonlySet<string> } {
  if (!located) {
    const fonts = locateFonts();
    const files = new Set(
      Object.values(fonts).flatMap((f) => [f.normal, f.bold, f.italics, f.bolditalics].map((p) => path.resolve(String(p)))),
    );
    located = { fonts, files };
  }
  return located;
}

type FontName = 'Roboto' | 'NotoSansJP';

interface Coverage {
  has(cp: number): boolean;
}

let coverage: Record<FontName, Coverage> | undefined;

function openCoverage(file: string): Coverage {
  const font = fontkit.openSync(file);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
  const cache = new Map<number, boolean>();
  return {
    has(cp) {
      let hit = cache.get(cp);
      if (hit === undefined) {
        hit = font.hasGlyphForCodePoint(cp);
        cache.set(cp, hit);
      }
      return hit;
    },
  };
}

function fonts(): Record<FontName, Coverage> {
  // Opened lazily and once: fontkit reads the cmap on demand, so this costs a few ms per process.
  const { fonts: dict } = noticeFonts();
  coverage ??= { Roboto: openCoverage(String(dict.Roboto.normal)), NotoSansJP: openCoverage(String(dict.NotoSansJP.normal)) };
  return coverage;
}

/** Characters that take no glyph of their own: they stay in the current run whatever font it uses. */
const NEUTRAL_CODE_POINTS = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfe0e, 0xfe0f]);
const isNeutral = (ch: string) => /\s/u.test(ch) || NEUTRAL_CODE_POINTS.has(ch.codePointAt(0)!);

function fontFor(ch: string): FontName | undefined {
  const cp = ch.codePointAt(0)!;
  const f = fonts();
  if (f.Roboto.has(cp)) return 'Roboto';
  if (f.NotoSansJP.has(cp)) return 'NotoSansJP';
  return undefined;
}

/** True when every character of `text` has a glyph in one of the notice fonts. */
export function isRenderable(text: string): boolean {
  for (const ch of text) if (!isNeutral(ch) && !fontFor(ch)) return false;
  return true;
}

/** One inline run of a pdfmake text array. */
export interface TextRun {
  text: string;
  font?: FontName;
}

/**
 * Splits `text` into runs that each use one font (Roboto is the document default, so its runs carry no font
 * property). Characters no notice font has stay in the current run: they cannot be drawn, and callers that
 * must not lose them (URLs) check `isRenderable` first.
 */
export function runs(text: string): TextRun[] {
  const out: TextRun[] = [];
  let current: FontName = 'Roboto';
  let buffer = '';
  for (const ch of text) {
    const font: FontName = isNeutral(ch) ? current : (fontFor(ch) ?? current);
    if (font !== current && buffer) {
      out.push(current === 'Roboto' ? { text: buffer } : { text: buffer, font: current });
      buffer = '';
    }
    current = font;
    buffer += ch;
  }
  if (buffer || out.length === 0) out.push(current === 'Roboto' ? { text: buffer } : { text: buffer, font: current });
  return out;
}
