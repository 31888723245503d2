import type { MediaSource, MediaSpec } from './catalogue';
import sharp from 'sharp';
import { facePicture } from './faces';
import { editVideo, extractFrame, stillToVideo, transcodeCopy } from './ffmpeg';
import { applyTransform, renderScene, thumbnail } from './images';
import type { SandboxStore } from './store';

export interface MediaBytes {
  data: Buffer;
  contentType: string;
}

/** Store keys of an uploaded reference: its bytes as fetched, and a still picture of it. */
export const referenceKeys = (ref: string) => ({ upload: `planted/${ref}/upload.bin`, still: `planted/${ref}/still.jpg` });

/**
 * Produces the bytes of every picture and clip on the simulated sites, lazily, once: a base picture (a procedural
 * scene, or a still of an uploaded reference), then the repost transform, then a clip for videos.
 */
export class MediaRenderer {
  constructor(
    private readonly store: SandboxStore,
    private readonly ffmpeg: string | null,
  ) {}

  /** The untransformed still picture a medium is derived from. */
  base(source: MediaSource): Promise<Buffer> {
    if (source.type === 'scene') {
      const s = source.scene;
      return this.store.getOrCreate(`base/${s.theme}-${s.seed}-${s.width}x${s.height}.jpg`, () => renderScene(s));
    }
    if (source.type === 'faces') {
      const picture = source.picture;
      return this.store.getOrCreate(`base/faces-${picture}.jpg`, () => facePicture(picture));
    }
    const keys = referenceKeys(source.ref);
    return this.store.getOrCreate(keys.still, async () => {
      const upload = await this.store.get(keys.upload);
      if (!upload) throw new Error(`reference ${source.ref} is not stored`);
      if (!source.video) return upload;
      if (!this.ffmpeg) throw new Error('ffmpeg is needed for video references');
      return extractFrame(this.ffmpeg, upload);
    });
  }

  render(spec: MediaSpec): Promise<MediaBytes> {
    const key = `media/${spec.domain}/${spec.file}`;
    if (spec.kind === 'image') {
      return this.store
        .getOrCreate(key, async () => (await applyTransform(await this.base(spec.source), spec.transform, spec.label)).data)
        .then((data) => ({ data, contentType: 'image/jpeg' }));
    }
    const ffmpeg = this.ffmpeg;
    if (!ffmpeg) return Promise.reject(new Error('ffmpeg is not installed: the sandbox serves no video files'));
    return this.store
      .getOrCreate(key, async () => {
        if (spec.source.type === 'reference' && spec.source.video) {
          const upload = await this.store.get(referenceKeys(spec.source.ref).upload);
          if (!upload) throw new Error(`reference ${spec.source.ref} is not stored`);
          if (spec.videoEdit) return editVideo(ffmpeg, upload, spec.videoEdit, { background: await this.background(ffmpeg), watermark: await this.watermark() });
          return transcodeCopy(ffmpeg, upload);
        }
        const still = await applyTransform(await this.base(spec.source), spec.transform, spec.label);
        return stillToVideo(ffmpeg, still.data);
      })
      .then((data) => ({ data, contentType: 'video/mp4' }));
  }

  /** The unrelated clip an edited copy is laid over (picture-in-picture): a slow zoom over a garden scene. */
  private background(ffmpeg: string): Promise<Buffer> {
    return this.store.getOrCreate('base/pip-background.mp4', async () =>
      stillToVideo(ffmpeg, await this.base({ type: 'scene', scene: { theme: 'garden', seed: 4242, width: 960, height: 640 } }), 4),
    );
  }

  /** The reposting site's text watermark, as bench:video draws it. */
  private watermark(): Promise<Buffer> {
    return this.store.getOrCreate('base/video-watermark.png', () =>
      sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="60"><rect width="100%" height="100%" rx="8" fill="#000" fill-opacity="0.45"/><text x="20" y="42" font-family="DejaVu Sans" font-weight="bold" font-size="32" fill="#fff" fill-opacity="0.85">@leaked_clips_hub</text></svg>',
        ),
      )
        .png()
        .toBuffer(),
    );
  }

  /** A search engine's thumbnail of a medium (a video's poster for clips). */
  thumb(spec: MediaSpec, poster?: MediaSpec): Promise<Buffer> {
    const from = spec.kind === 'video' && poster ? poster : spec;
    return this.store.getOrCreate(`thumbs/${from.domain}/${from.file}`, async () => thumbnail((await this.render(from)).data));
  }
}
