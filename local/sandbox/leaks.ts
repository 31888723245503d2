import type { MediaSpec, PageSpec } from './catalogue';
import { imageSize } from './images';
import type { MediaRenderer } from './media';
import { normalise, type Content, type SiteIndex } from './site-index';
import type { SandboxStore } from './store';

const LEAKS = 'state/leaks.json';

export interface LeakResult {
  page: string;
  image?: string;
}

/**
 * `POST /control/leak`: something new appears on the simulated web between two scans. Each leak is a new
 * LeakForum thread naming the creator (found by name searches) and, given a reference file's hash, a new copy
 * of that picture on it (found by reverse image search, as the planted copies are). Kept under dataDir so the
 * links stay valid after a restart.
 */
export class Leaks {
  private saved: Content[] = [];

  constructor(private readonly deps: { store: SandboxStore; index: SiteIndex; renderer: MediaRenderer; now: () => Date }) {}

  async load(): Promise<void> {
    this.saved = (await this.deps.store.getJson<Content[]>(LEAKS)) ?? [];
    for (const c of this.saved) this.deps.index.add(c);
  }

  /** `hash`: the reference file's SHA-256 (hex; its first 12 digits are enough). Undefined when no copies of it were planted. */
  async leak(name: string, hash?: string): Promise<LeakResult | undefined> {
    const { index, renderer, now } = this.deps;
    const n = this.saved.length + 1;
    const slug = normalise(name).replace(/ /g, '-') || 'creator';
    const domain = 'leakforum.example';
    const media: MediaSpec[] = [];
    if (hash) {
      const ref = hash.toLowerCase().slice(0, 12);
      const set = index.plantedSet(ref);
      if (!set) return undefined;
      const video = set.media.some((m) => m.source.type === 'reference' && m.source.video);
      const m: MediaSpec = {
        domain,
        file: `leak-${n}-${ref}.jpg`,
        kind: 'image',
        source: { type: 'reference', ref, video },
        transform: 'recompressed',
        label: domain,
        alt: 'new leaked photo',
        copyOf: `reference-${ref}`,
      };
      const size = await imageSize((await renderer.render(m)).data);
      if (size) Object.assign(m, size);
      media.push(m);
    }
    const page: PageSpec = {
      domain,
      path: `/threads/${3000 + n}-${slug}-new-leak`,
      title: `${name} NEW leak #${n} (fresh upload)`,
      body: [`Just dropped: new ${name} content from her paid page.`, `Grab the ${name} set before it gets taken down.`],
      author: 'fresh_leaks',
      comments: [`finally new ${name}!`],
      media: media.map((m) => m.file),
      published: now().toISOString(),
    };
    const content: Content = { pages: [page], media };
    index.add(content);
    this.saved.push(content);
    await this.deps.store.putJson(LEAKS, this.saved);
    return { page: `/sites/${domain}${page.path}`, ...(media[0] ? { image: `/sites/${domain}/media/${media[0].file}` } : {}) };
  }
}
