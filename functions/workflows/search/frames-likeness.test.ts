import { framesFaceSearch, LIKENESS_FRAMES_PER_VIDEO } from './triage';

const frame = (seconds: number) => ({ seconds, png: Buffer.from(`frame ${seconds}`) });

describe("likeness on a candidate video's sampled frames", () => {
  it('searches a few frames spread over the clip, and stops at the first face of the creator', async () => {
    const searched: string[] = [];
    const faces = async (body: Buffer) => {
      searched.push(body.toString());
      return body.toString() === 'frame 10' ? { distance: 0.41, threshold: 0.5, enrolledFaceId: 'f1', box: { x: 1, y: 2, w: 30, h: 30 } } : undefined;
    };
    const search = framesFaceSearch(faces, 'https://tube.example/v/1', '2026-11-28T00:00:00.000Z');
    await search.onSampledFrames(Array.from({ length: 16 }, (_, i) => frame(i * 2)));
    expect(searched).toEqual(['frame 0', 'frame 10']);
    expect(search.hit()).toMatchObject({ enrolledFaceId: 'f1', distance: 0.41 });
  });

  it('looks at no more than its share of frames when no face matches', async () => {
    let calls = 0;
    const search = framesFaceSearch(async () => { calls += 1; return undefined; }, 'https://tube.example/v/2', '2026-11-28T00:00:00.000Z');
    await search.onSampledFrames(Array.from({ length: 16 }, (_, i) => frame(i)));
    expect(calls).toBe(LIKENESS_FRAMES_PER_VIDEO);
    expect(search.hit()).toBeUndefined();
  });
});
