import { splitSources } from './dataset';
import { acceptedRecall, refusedShare, sceneFpr, type QueryResult } from './evaluate';
import { labelsFrom, loadLabels } from './labels';
import { NO_DISTANCE } from './methods';
import { Rng } from './rng';

const shipped = { strict: 48, loose: 72 };

describe('labels of the calibration set', () => {
  const labels = labelsFrom({
    kinds: { graphic: ['gnome--*', 'skimage--horse.png'], artwork: ['opencv--starry_night.jpg'] },
    sameScene: [['opencv--aloeL.jpg', 'opencv--aloeR.jpg']],
  });

  it('reads kinds by base name with * wildcards, and calls anything unlisted a photograph', () => {
    expect(labels.kindOf('/photos/gnome--blobs-l.svg')).toBe('graphic');
    expect(labels.kindOf('/photos/skimage--horse.png')).toBe('graphic');
    expect(labels.kindOf('/photos/skimage--horse.png.jpg')).toBe('photograph');
    expect(labels.kindOf('/photos/opencv--starry_night.jpg')).toBe('artwork');
    expect(labels.kindOf('/photos/opencv-video--tree.frames')).toBe('photograph');
  });

  it('gives the two views of a stereo pair one scene, and every other source its own', () => {
    expect(labels.sceneOf('/a/opencv--aloeR.jpg')).toBe(labels.sceneOf('/b/opencv--aloeL.jpg'));
    expect(labels.sceneOf('/a/opencv--aloeR.jpg')).not.toBe(labels.sceneOf('/a/opencv--apple.jpg'));
  });

  it('ships a label file whose graphics include the flat wallpapers and whose pairs are the hard negatives', async () => {
    const shippedLabels = await loadLabels();
    expect(shippedLabels.kindOf('x/xfce--xfce-blue.jpg')).toBe('graphic');
    expect(shippedLabels.kindOf('x/plasma--ColdRipple.jpg')).toBe('photograph');
    expect(shippedLabels.sceneOf('x/skimage--motorcycle_left.png')).toBe(shippedLabels.sceneOf('x/skimage--motorcycle_right.png'));
    expect(shippedLabels.kindOf('x/any-new-photo.jpg')).toBe('photograph');
    const none = await loadLabels('none');
    expect(none.kindOf('x/xfce--xfce-blue.jpg')).toBe('photograph');
  });

  it('puts graphics on the distractor side only, and splits the other sources by seed', () => {
    const sources = ['p1', 'p2', 'p3', 'p4', 'g1', 'g2', 'g3'];
    const split = splitSources(sources, new Rng(7), (s) => s.startsWith('g'));
    const refs = split.references.flat();
    const distractors = split.distractors.flat();
    expect(refs).toHaveLength(2);
    expect(refs.every((s) => s.startsWith('p'))).toBe(true);
    expect(distractors.filter((s) => s.startsWith('g')).sort()).toEqual(['g1', 'g2', 'g3']);
    expect([...refs, ...distractors].sort()).toEqual([...sources].sort());
  });
});

describe('shipped figures of issue 29', () => {
  const q = (reference: string, edit: string, distance: number, quality = 100, verified?: boolean): QueryResult => ({ fold: 0, edit, distance, reference, original: reference, quality, verified });

  it('measures recall over the references the product accepts, per edit', () => {
    const refs = [
      q('photo', 'crop', 30),
      q('photo', 'mirror', 60, 100, true),
      q('fog', 'crop', 60, 40, false),
      q('fog', 'mirror', 10, 40),
      // Refused: the product stores no hash, so its queries are NO_DISTANCE; it is left out of recall.
      q('white', 'crop', NO_DISTANCE),
      q('white', 'mirror', NO_DISTANCE),
    ];
    const r = acceptedRecall(refs, (id) => id !== 'white', ['crop', 'mirror'], shipped);
    expect(r.references).toBe(2);
    expect(r.perEdit).toEqual({ crop: 0.5, mirror: 1 });
    expect(r.macroRecall).toBe(0.75);
    expect(r.minEditRecall).toBe(0.5);
  });

  it('counts refused references and names them', () => {
    expect(refusedShare(['a', 'b', 'c', 'd'], (id) => id === 'c')).toEqual({ refused: 1, total: 4, share: 0.25, names: ['c'] });
    expect(refusedShare([], () => true).share).toBe(0);
  });

  it('counts distractor matches to a reference of the same scene apart from the false positives', () => {
    const scene: Record<string, string> = { 'aloeR#0,0': 'aloe', 'aloeL#0,0': 'aloe', apple: 'apple', 'orange#1': 'orange' };
    const sceneOf = (id: string) => scene[id.replace(/[~@]\d+$/, '')] ?? id;
    const d = (original: string, reference: string, distance: number, quality = 100, verified?: boolean): QueryResult => ({ fold: 1, edit: 'crop', distance, original, reference, quality, verified });
    const distractors = [
      d('aloeR#0,0~1', 'aloeL#0,0', 60, 100, true), // same scene, verified: counted apart
      d('aloeR#0,0~2', 'aloeL#0,0', 30), // same scene, by fingerprint: counted apart
      d('aloeR#0,0~3', 'aloeL#0,0', 60, 100, false), // refused by verification: nothing
      d('orange#1~0', 'apple', 40), // distinct scenes, by fingerprint: a false positive
      d('orange#1~1', 'apple', 40, 50, false), // a graphic's quality sends it to verification, which refuses it
      d('orange#1~2', 'apple', 90), // beyond the loose threshold
    ];
    const r = sceneFpr(distractors, sceneOf, shipped);
    expect(r).toEqual({ distractorQueries: 6, falsePositives: 1, queryFpr: 1 / 6, sameSceneMatches: 2, sameSceneByPair: { 'aloe ~ aloeL#0,0': 2 } });
  });
});
