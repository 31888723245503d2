import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the calibration set says about its sources (issue 29), as data beside bench/setup-photos.sh:
 * bench/photo-labels.json. A source (a file, or a `*.frames` folder of one video) is a photograph unless
 * listed as a graphic or an artwork, and its own scene unless listed in a same-scene group (a stereo or
 * near-view pair). Names are matched on the source's base name; `*` matches any run of characters.
 */
export type SourceKind = 'photograph' | 'artwork' | 'graphic';

export interface LabelFile {
  kinds?: Partial<Record<Exclude<SourceKind, 'photograph'>, string[]>>;
  sameScene?: string[][];
}

export interface Labels {
  kindOf(source: string): SourceKind;
  /** The scene a source shows: its base name, or the first name of its same-scene group. */
  sceneOf(source: string): string;
}

/** The default label file, beside setup-photos.sh. */
export const DEFAULT_LABELS = path.resolve(__dirname, '..', 'photo-labels.json');

function pattern(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

export function labelsFrom(file: LabelFile): Labels {
  const kinds = Object.entries(file.kinds ?? {}).flatMap(([kind, globs]) => (globs ?? []).map((g) => ({ kind: kind as SourceKind, re: pattern(g) })));
  const scenes = new Map<string, string>();
  for (const group of file.sameScene ?? []) for (const name of group) scenes.set(name, group[0]);
  const base = (source: string) => path.basename(source);
  return {
    kindOf: (source) => kinds.find((k) => k.re.test(base(source)))?.kind ?? 'photograph',
    sceneOf: (source) => scenes.get(base(source)) ?? base(source),
  };
}

/** Reads a label file (`none`: every source a photograph of its own scene). */
export async function loadLabels(file: string = DEFAULT_LABELS): Promise<Labels> {
  if (file === 'none') return labelsFrom({});
  return labelsFrom(JSON.parse(await readFile(file, 'utf8')) as LabelFile);
}
