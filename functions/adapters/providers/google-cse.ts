import { dig, toCandidates, type CandidateContext } from './candidate';
import { ProviderAuthError, ProviderUnavailableError, UnsupportedSearchError } from './errors';
import { callProvider } from './provider-http';
import type { AdapterOptions } from './serpapi';
import type { Candidate, Engine, SearchKind, SearchOptions, SearchProvider, SearchRequest } from './types';

/**
 * Google Custom Search JSON API, legacy: closed to new customers, and existing ones lose it on 2027-01-01. A 403
 * ("does not have the access") means the project can never use it: ProviderUnavailableError, not an auth problem.
 */
export function googleCseProvider(opts: AdapterOptions & { cx: string }): SearchProvider {
  const supports = (engine: Engine, kind: SearchKind) => engine === 'google' && (kind === 'web' || kind === 'images');
  return {
    id: 'google_cse',
    sandbox: opts.sandbox,
    engines: ['google'],
    supports,
    async search(req: SearchRequest, options: SearchOptions = {}): Promise<Candidate[]> {
      if (!supports(req.engine, req.kind)) throw new UnsupportedSearchError('google_cse', `no ${req.kind} search for ${req.engine}`);
      if (!req.query?.trim()) throw new UnsupportedSearchError('google_cse', `${req.kind} search needs a query`);
      const url = new URL(`${opts.baseUrl}/customsearch/v1`);
      url.searchParams.set('key', opts.apiKey);
      url.searchParams.set('cx', opts.cx);
      url.searchParams.set('q', req.query.trim());
      url.searchParams.set('num', String(Math.min(req.limit ?? 10, 10)));
      if (req.kind === 'images') url.searchParams.set('searchType', 'image');
      const body = await callProvider({
        provider: 'google_cse',
        url,
        config: opts.config,
        signal: options.signal,
        parse: (b) => b,
        mapStatus: (status, message) => {
          if (status === 403) return new ProviderUnavailableError('google_cse', `access refused (legacy API closed to this project): ${message}`, 403);
          if (status === 400 && /api key/i.test(message)) return new ProviderAuthError('google_cse', message, 400);
          return undefined;
        },
      });
      const ctx: CandidateContext = {
        engine: 'google',
        kind: req.kind,
        provider: 'google_cse',
        sandbox: opts.sandbox,
        sandboxOrigin: opts.sandboxOrigin,
        seenAt: new Date().toISOString(),
      };
      // `items` is absent when there are no results.
      const items = dig(body, 'items');
      if (req.kind === 'images') {
        return toCandidates(ctx, items, (i) => ({
          url: dig(i, 'image', 'contextLink'),
          imageUrl: i.link,
          thumbnailUrl: dig(i, 'image', 'thumbnailLink'),
          title: i.title,
          snippet: i.snippet,
          width: dig(i, 'image', 'width'),
          height: dig(i, 'image', 'height'),
        }));
      }
      return toCandidates(ctx, items, (i) => ({ url: i.link, title: i.title, snippet: i.snippet }));
    },
  };
}
