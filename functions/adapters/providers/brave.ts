import { dig, toCandidates, type CandidateContext } from './candidate';
import { UnsupportedSearchError } from './errors';
import { callProvider } from './provider-http';
import type { AdapterOptions } from './serpapi';
import type { Candidate, Engine, SearchKind, SearchOptions, SearchProvider, SearchRequest } from './types';

const KINDS: Partial<Record<SearchKind, { path: string; maxCount: number }>> = {
  web: { path: 'web', maxCount: 20 },
  images: { path: 'images', maxCount: 200 },
  videos: { path: 'videos', maxCount: 50 },
};

/**
 * Brave Search adapter. Brave has its own index, so its results are always labelled engine `brave`. A bad key is
 * 422 (mapped to ProviderAuthError); 429 carries X-RateLimit-Reset.
 */
export function braveProvider(opts: AdapterOptions): SearchProvider {
  const supports = (engine: Engine, kind: SearchKind) => engine === 'brave' && Boolean(KINDS[kind]);
  return {
    id: 'brave',
    sandbox: opts.sandbox,
    engines: ['brave'],
    supports,
    async search(req: SearchRequest, options: SearchOptions = {}): Promise<Candidate[]> {
      const spec = KINDS[req.kind];
      if (req.engine !== 'brave' || !spec) throw new UnsupportedSearchError('brave', `no ${req.kind} search for ${req.engine}`);
      if (!req.query?.trim()) throw new UnsupportedSearchError('brave', `${req.kind} search needs a query`);
      const url = new URL(`${opts.baseUrl}/res/v1/${spec.path}/search`);
      url.searchParams.set('q', req.query.trim().slice(0, 400));
      url.searchParams.set('count', String(Math.min(req.limit ?? spec.maxCount, spec.maxCount)));
      url.searchParams.set('country', 'us');
      const body = await callProvider({
        provider: 'brave',
        url,
        headers: { 'x-subscription-token': opts.apiKey },
        config: opts.config,
        signal: options.signal,
        parse: (b) => b,
      });
      const ctx: CandidateContext = {
        engine: 'brave',
        kind: req.kind,
        provider: 'brave',
        sandbox: opts.sandbox,
        sandboxOrigin: opts.sandboxOrigin,
        seenAt: new Date().toISOString(),
      };
      if (req.kind === 'web') {
        return toCandidates(ctx, dig(body, 'web', 'results'), (i) => ({
          url: i.url,
          title: i.title,
          snippet: i.description,
          thumbnailUrl: dig(i, 'thumbnail', 'src'),
          crawlDate: i.page_age,
        }));
      }
      if (req.kind === 'images') {
        return toCandidates(ctx, dig(body, 'results'), (i) => ({
          url: i.url,
          imageUrl: dig(i, 'properties', 'url'),
          thumbnailUrl: dig(i, 'thumbnail', 'src'),
          title: i.title,
          width: dig(i, 'properties', 'width'),
          height: dig(i, 'properties', 'height'),
        }));
      }
      return toCandidates(ctx, dig(body, 'results'), (i) => ({
        url: i.url,
        title: i.title,
        snippet: i.description,
        thumbnailUrl: dig(i, 'thumbnail', 'src'),
        crawlDate: i.page_age,
      }));
    },
  };
}
