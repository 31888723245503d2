import { describeMatch } from './description';

describe('a video copy in a notice', () => {
  it('says how many sampled frames agreed and where the frame pair sits in each clip', () => {
    const text = describeMatch({
      matchMethod: 'fingerprint',
      distance: 6,
      video: { referenceFrameKey: 'evidence/u/s/a.jpg', referenceSeconds: 7.2, foundSeconds: 65, framesAgreed: 9, framesCompared: 10, durationSeconds: 90, mediaUrl: 'https://tube.example/v.mp4', bytesFetched: 1000 },
    });
    expect(text).toBe(
      "The video was identified by sampling 10 frames over its length and comparing each with the original's perceptual fingerprints: 9 of them agreed (distance 6 of 256 bits; 0 is identical). The closest frame, at 1:05 of the copy, matches the original at 0:07.",
    );
  });

  it("names the original's picture when a clip copies a reference image", () => {
    const text = describeMatch({ matchMethod: 'fingerprint', distance: 0, video: { foundSeconds: 3, framesAgreed: 4, framesCompared: 6, durationSeconds: 6, mediaUrl: 'https://tube.example/v.mp4', bytesFetched: 1000 } });
    expect(text).toMatch(/at 0:03 of the copy, matches the original's picture\.$/);
  });
});
