import { VIDEO_EDITS, type VideoEdit } from './ffmpeg';
import type { FacePicture } from './faces';
import type { SceneSpec, TransformName } from './images';

/**
 * What the sandbox web holds: simulated sites, the demo creator's photos and their reposted copies, unrelated
 * pictures that must never match, and (added at run time) planted copies of uploaded reference files.
 */
export type SiteKind = 'forum' | 'tube' | 'filehost' | 'social' | 'blog' | 'official';

export interface SiteInfo {
  domain: string;
  name: string;
  kind: SiteKind;
  tagline: string;
  /** Accent colour of the site's pages. */
  accent: string;
}

export const SITES: readonly SiteInfo[] = [
  { domain: 'leakforum.example', name: 'LeakForum', kind: 'forum', tagline: 'The biggest leaks board on the net', accent: '#b91c1c' },
  { domain: 'tubeclips.example', name: 'TubeClips', kind: 'tube', tagline: 'Free clips, uploaded daily', accent: '#ea580c' },
  { domain: 'filedrop.example', name: 'FileDrop', kind: 'filehost', tagline: 'Share files anonymously', accent: '#0369a1' },
  { domain: 'socialgram.example', name: 'Socialgram', kind: 'social', tagline: 'Share your moments', accent: '#9333ea' },
  { domain: 'gardenblog.example', name: 'The Garden Blog', kind: 'blog', tagline: 'Notes from a small garden', accent: '#15803d' },
  { domain: 'lunavale.example', name: 'Luna Vale', kind: 'official', tagline: 'Official site of Luna Vale', accent: '#4338ca' },
];

export const siteByDomain = (domain: string) => SITES.find((s) => s.domain === domain);

/** The demo creator whose name and photos the sandbox's reposts carry. */
export const DEMO_CREATOR = {
  name: 'Luna Vale',
  handle: 'lunavale',
  officialDomain: 'lunavale.example',
} as const;

export type MediaSource =
  | { type: 'scene'; scene: SceneSpec }
  | { type: 'reference'; ref: string; video: boolean }
  /** A picture of faces planted beside the copies of `ref`, one of the creator's face photos (faces.ts, issue 24). */
  | { type: 'faces'; ref: string; picture: FacePicture };

export interface MediaSpec {
  domain: string;
  /** File name under /sites/<domain>/media/. */
  file: string;
  kind: 'image' | 'video';
  source: MediaSource;
  transform: TransformName;
  /** Watermark or screenshot caption. */
  label?: string;
  alt: string;
  /** Video only: the edit of `bench:video` applied to an uploaded reference video (issue 24). */
  videoEdit?: VideoEdit;
  /** Video only: the poster image's file name on the same site. */
  poster?: string;
  /** Pixel size of the served picture (of the poster for videos), when known. */
  width?: number;
  height?: number;
  /** What this picture is, for tests and for the demo's own pages: a copy of the creator, or unrelated. */
  copyOf?: string;
}

export interface PageSpec {
  domain: string;
  /** Path under /sites/<domain>, starting with '/'. */
  path: string;
  title: string;
  body: string[];
  author: string;
  comments: string[];
  /** Media file names on the same site, in page order. */
  media: string[];
  published: string;
  /** Set on pages planted for an uploaded reference file. */
  plantedFor?: string;
}

const portrait = (seed: number): SceneSpec => ({ theme: 'portrait', seed, width: 800, height: 1000, signature: DEMO_CREATOR.name });
const garden = (seed: number): SceneSpec => ({ theme: 'garden', seed, width: 960, height: 640 });
const city = (seed: number): SceneSpec => ({ theme: 'city', seed, width: 800, height: 800 });

/** The creator's four originals; seeds fixed so every machine draws the same pictures. */
export const DEMO_ORIGINALS: readonly SceneSpec[] = [portrait(101), portrait(202), portrait(303), portrait(404)];

function daysAgo(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/** Builds the fixed demo content: pages and media of every simulated site. */
export function demoContent(now: Date): { pages: PageSpec[]; media: MediaSpec[] } {
  const media: MediaSpec[] = [];
  const copy = (domain: string, file: string, original: number, transform: TransformName, alt: string, label?: string) =>
    media.push({ domain, file, kind: 'image', source: { type: 'scene', scene: DEMO_ORIGINALS[original] }, transform, label, alt, copyOf: `demo-original-${original + 1}` });
  const other = (domain: string, file: string, scene: SceneSpec, alt: string) => media.push({ domain, file, kind: 'image', source: { type: 'scene', scene }, transform: 'original', alt });

  // The creator's own site: the originals (a creator would allowlist it).
  DEMO_ORIGINALS.forEach((_, i) => copy('lunavale.example', `luna-${i + 1}.jpg`, i, 'original', `Luna Vale, photo ${i + 1}`));
  // Reposts.
  copy('leakforum.example', 'lv-set-01.jpg', 0, 'cropped', 'leaked photo 1');
  copy('leakforum.example', 'lv-set-02.jpg', 1, 'watermarked', 'leaked photo 2', 'leakforum.example');
  copy('leakforum.example', 'lv-dump-03.jpg', 2, 'mirrored', 'dump photo');
  other('leakforum.example', 'other-creator-88.jpg', city(808), 'another creator');
  other('leakforum.example', 'spring-pics-1.jpg', garden(909), 'spring garden');
  copy('filedrop.example', 'preview-1.jpg', 0, 'recompressed', 'pack preview 1');
  copy('filedrop.example', 'preview-2.jpg', 1, 'resized', 'pack preview 2');
  copy('socialgram.example', 'lvfree-1.jpg', 2, 'resized', 'repost');
  copy('socialgram.example', 'lvfree-2.jpg', 3, 'screenshot', 'story screenshot', '@luna.vale.free');
  other('socialgram.example', 'citylights-88.jpg', city(888), 'city lights at night');
  copy('tubeclips.example', 'lv-7731-poster.jpg', 3, 'watermarked', 'clip poster', 'tubeclips.example');
  media.push({ domain: 'tubeclips.example', file: 'lv-7731.mp4', kind: 'video', source: { type: 'scene', scene: DEMO_ORIGINALS[3] }, transform: 'watermarked', label: 'tubeclips.example', alt: 'Luna Vale clip', poster: 'lv-7731-poster.jpg', copyOf: 'demo-original-4' });
  other('tubeclips.example', 'garden-timelapse-poster.jpg', garden(1212), 'garden timelapse');
  media.push({ domain: 'tubeclips.example', file: 'garden-timelapse.mp4', kind: 'video', source: { type: 'scene', scene: garden(1212) }, transform: 'original', alt: 'garden timelapse', poster: 'garden-timelapse-poster.jpg' });
  other('gardenblog.example', 'moonlit-1.jpg', garden(1313), 'beds under the moon');
  other('gardenblog.example', 'moonlit-2.jpg', garden(1414), 'night flowers');
  other('gardenblog.example', 'roses-1.jpg', garden(1515), 'roses');
  other('gardenblog.example', 'roses-2.jpg', city(1616), 'the view from the allotment');

  const pages: PageSpec[] = [
    {
      domain: 'lunavale.example',
      path: '/gallery',
      title: 'Luna Vale — official gallery',
      body: ['Welcome to my official gallery. Everything here is mine; please do not repost without asking.', 'Subscribe for the full sets. — Luna Vale'],
      author: 'Luna Vale',
      comments: [],
      media: ['luna-1.jpg', 'luna-2.jpg', 'luna-3.jpg', 'luna-4.jpg'],
      published: daysAgo(now, 60),
    },
    {
      domain: 'leakforum.example',
      path: '/threads/1042-luna-vale-leaked-set',
      title: 'Luna Vale leaked set (40 pics) MEGA',
      body: ['Full Luna Vale set from her paid page, 40 pics + 2 clips. Mirror links below.', 'More Luna Vale coming soon, drop a like.'],
      author: 'anon_uploader',
      comments: ['thanks for the Luna Vale share!!', 'link dead?', 'reuploaded to filedrop'],
      media: ['lv-set-01.jpg', 'lv-set-02.jpg', 'other-creator-88.jpg'],
      published: daysAgo(now, 9),
    },
    {
      domain: 'leakforum.example',
      path: '/threads/1077-luna-vale-onlyfans-dump',
      title: '[REQ] luna vale onlyfans dump',
      body: ['Anyone have the new lunavale stuff? Here is what I found so far.'],
      author: 'requester22',
      comments: ['bump', 'check the tubeclips upload'],
      media: ['lv-dump-03.jpg'],
      published: daysAgo(now, 4),
    },
    {
      domain: 'leakforum.example',
      path: '/threads/1100-spring-garden-pics',
      title: 'Off topic: my spring garden pics',
      body: ['Taking a break from the usual, here is my garden this spring.'],
      author: 'green_thumb',
      comments: ['nice tulips'],
      media: ['spring-pics-1.jpg'],
      published: daysAgo(now, 20),
    },
    {
      domain: 'filedrop.example',
      path: '/f/9x8yq-luna-vale-pack',
      title: 'luna_vale_pack.zip — FileDrop',
      body: ['luna_vale_pack.zip · 412 MB · uploaded anonymously', 'Preview images generated by FileDrop.'],
      author: 'anonymous',
      comments: [],
      media: ['preview-1.jpg', 'preview-2.jpg'],
      published: daysAgo(now, 8),
    },
    {
      domain: 'socialgram.example',
      path: '/luna.vale.free/p/1',
      title: 'Luna Vale (@luna.vale.free) • Socialgram',
      body: ['luna vale free content 💋 link in bio for the rest'],
      author: '@luna.vale.free',
      comments: ['is this really her?', 'fake account, reported'],
      media: ['lvfree-1.jpg'],
      published: daysAgo(now, 3),
    },
    {
      domain: 'socialgram.example',
      path: '/luna.vale.free/p/2',
      title: 'Luna Vale story (@luna.vale.free) • Socialgram',
      body: ['saved from Luna Vale’s story before it expired'],
      author: '@luna.vale.free',
      comments: [],
      media: ['lvfree-2.jpg'],
      published: daysAgo(now, 2),
    },
    {
      domain: 'socialgram.example',
      path: '/citylights/p/88',
      title: 'City lights (@citylights) • Socialgram',
      body: ['Downtown after dark.'],
      author: '@citylights',
      comments: ['stunning'],
      media: ['citylights-88.jpg'],
      published: daysAgo(now, 12),
    },
    {
      domain: 'tubeclips.example',
      path: '/watch/lv-7731',
      title: 'Luna Vale full clip HD',
      body: ['Luna Vale — full clip, 12:04. Uploaded by anon. 18,233 views.'],
      author: 'anon',
      comments: ['more Luna Vale please', 'this was paid content'],
      media: ['lv-7731.mp4'],
      published: daysAgo(now, 6),
    },
    {
      domain: 'tubeclips.example',
      path: '/watch/garden-timelapse',
      title: 'Spring garden timelapse',
      body: ['Three months of a spring garden in one minute.'],
      author: 'green_thumb',
      comments: ['relaxing'],
      media: ['garden-timelapse.mp4'],
      published: daysAgo(now, 30),
    },
    {
      domain: 'gardenblog.example',
      path: '/posts/planting-by-the-moon',
      title: 'Planting by the moon: a luna calendar for the vale garden',
      body: [
        'Some gardeners swear by a luna calendar: sow when the moon waxes, prune when it wanes.',
        'Down in our vale the frost lingers, so we wait two extra weeks whatever the moon says.',
      ],
      author: 'Maggie',
      comments: ['we do the same in our valley'],
      media: ['moonlit-1.jpg', 'moonlit-2.jpg'],
      published: daysAgo(now, 40),
    },
    {
      domain: 'gardenblog.example',
      path: '/posts/roses-in-late-spring',
      title: 'Roses in late spring',
      body: ['The climbing roses finally took off this year. Notes on pruning and feeding.'],
      author: 'Maggie',
      comments: [],
      media: ['roses-1.jpg', 'roses-2.jpg'],
      published: daysAgo(now, 50),
    },
  ];
  return { pages, media };
}

/** Where planted copies of an uploaded reference go: one transform per site, as reposts spread. */
export const PLANT_LAYOUT: ReadonlyArray<{ domain: string; transform: TransformName; page: 'thread' | 'file' | 'post' | 'story' | 'clip' }> = [
  { domain: 'leakforum.example', transform: 'cropped', page: 'thread' },
  { domain: 'leakforum.example', transform: 'mirrored', page: 'thread' },
  { domain: 'filedrop.example', transform: 'recompressed', page: 'file' },
  { domain: 'socialgram.example', transform: 'resized', page: 'post' },
  { domain: 'socialgram.example', transform: 'screenshot', page: 'story' },
  { domain: 'tubeclips.example', transform: 'watermarked', page: 'clip' },
];

/** Builds the pages and media planted for one reference file (`ref` is a content hash). */
export function plantedContent(ref: string, video: boolean, now: Date): { pages: PageSpec[]; media: MediaSpec[] } {
  const media: MediaSpec[] = PLANT_LAYOUT.map(({ domain, transform }) => ({
    domain,
    file: `p-${ref}-${transform}.jpg`,
    kind: 'image',
    source: { type: 'reference', ref, video },
    transform,
    label: transform === 'screenshot' ? '@saved.stories' : domain,
    alt: `${transform} copy`,
    copyOf: `reference-${ref}`,
  }));
  if (video) {
    media.push({ domain: 'tubeclips.example', file: `p-${ref}-reupload.mp4`, kind: 'video', source: { type: 'reference', ref, video }, transform: 'cropped', alt: 'reupload', poster: `p-${ref}-watermarked.jpg`, copyOf: `reference-${ref}` });
  }
  // The nine edits of bench:video, each on a page of its own, shaped like a tube page or a file host's player page.
  const editPages: PageSpec[] = [];
  if (video) {
    VIDEO_EDITS.forEach((edit, i) => {
      const domain = i % 2 === 0 ? 'tubeclips.example' : 'filedrop.example';
      const poster = `p-${ref}-${edit}-poster.jpg`;
      const file = `p-${ref}-${edit}.mp4`;
      media.push({ domain, file: poster, kind: 'image', source: { type: 'reference', ref, video }, transform: 'recompressed', alt: 'video poster', copyOf: `reference-${ref}` });
      media.push({ domain, file, kind: 'video', source: { type: 'reference', ref, video }, transform: 'original', videoEdit: edit, alt: `${edit} copy`, poster, copyOf: `reference-${ref}` });
      editPages.push({
        domain,
        path: domain === 'tubeclips.example' ? `/watch/p-${ref}-${edit}` : `/v/p-${ref}-${edit}`,
        title: domain === 'tubeclips.example' ? `Leaked clip ${i + 1} (${edit})` : `clip_${ref.slice(0, 6)}_${i + 1}.mp4 — FileDrop`,
        body: domain === 'tubeclips.example' ? [`Uploaded by anon. ${1000 + 137 * i} views.`] : [`clip_${ref.slice(0, 6)}_${i + 1}.mp4 · uploaded anonymously`, 'Stream or download.'],
        author: 'anon',
        comments: [],
        media: [file],
        published: new Date(now.getTime() - (i + 1) * 3_600_000).toISOString(),
        plantedFor: ref,
      });
    });
  }
  const files = (domain: string, page: string) => PLANT_LAYOUT.flatMap((l, i) => (l.domain === domain && l.page === page ? [media[i].file] : []));
  const pages: PageSpec[] = [
    {
      domain: 'leakforum.example',
      path: `/threads/p-${ref}-exclusive-set`,
      title: 'Exclusive set leaked (new) 🔥',
      body: ['Fresh from a paid page. Grab them before they get taken down.'],
      author: 'anon_uploader',
      comments: ['who is this?', 'saved'],
      media: files('leakforum.example', 'thread'),
      published: new Date(now.getTime() - 86_400_000).toISOString(),
      plantedFor: ref,
    },
    {
      domain: 'filedrop.example',
      path: `/f/p-${ref}`,
      title: `pack_${ref.slice(0, 6)}.zip — FileDrop`,
      body: [`pack_${ref.slice(0, 6)}.zip · 96 MB · uploaded anonymously`, 'Preview images generated by FileDrop.'],
      author: 'anonymous',
      comments: [],
      media: files('filedrop.example', 'file'),
      published: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
      plantedFor: ref,
    },
    {
      domain: 'socialgram.example',
      path: `/saved.stories/p/${ref}`,
      title: 'Reposted (@saved.stories) • Socialgram',
      body: ['found this, credit to the owner 💋'],
      author: '@saved.stories',
      comments: ['source?'],
      media: files('socialgram.example', 'post'),
      published: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
      plantedFor: ref,
    },
    {
      domain: 'socialgram.example',
      path: `/saved.stories/p/${ref}-story`,
      title: 'Story screenshot (@saved.stories) • Socialgram',
      body: ['screenshot before it expired'],
      author: '@saved.stories',
      comments: [],
      media: files('socialgram.example', 'story'),
      published: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
      plantedFor: ref,
    },
    {
      domain: 'tubeclips.example',
      path: `/watch/p-${ref}`,
      title: video ? 'Full video reupload HD' : 'Photo slideshow (leaked)',
      body: ['Uploaded by anon. 2,917 views.'],
      author: 'anon',
      comments: ['reported'],
      media: video ? [`p-${ref}-reupload.mp4`] : files('tubeclips.example', 'clip'),
      published: new Date(now.getTime() - 86_400_000).toISOString(),
      plantedFor: ref,
    },
    ...editPages,
  ];
  return { pages, media };
}
