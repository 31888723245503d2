import { dig, toCandidate, type CandidateContext } from './candidate';
import { UnsupportedSearchError } from './errors';
import { callProvider, errorMessage, statusError } from './provider-http';
import type { AdapterOptions } from './serpapi';
import type { Candidate, Engine, SearchKind, SearchOptions, SearchProvider, SearchRequest } from './types';

/**
 * TinEye adapter: reverse image search by `image_url`; one candidate per backlink (the page that shows the
 * image), with the crawl date. Errors come as a body `code` other than 200 with `messages[]`, sometimes on HTTP 200.
 */
export function tinEyeProvider(opts: AdapterOptions): SearchProvider {
  const supports = (engine: Engine, kind: SearchKind) => engine === 'tineye' && kind === 'reverse_image';
  return {
    id: 'tineye',
    sandbox: opts.sandbox,
    engines: ['tineye'],
    supports,
    async search(req: SearchRequest, options: SearchOptions = {}): Promise<Candidate[]> {
      if (!supports(req.engine, req.kind)) throw new UnsupportedSearchError('tineye', `no ${req.kind} search for ${req.engine}`);
      if (!req.imageUrl) throw new UnsupportedSearchError('tineye', 'reverse image search needs imageUrl');
      const url = new URL(`${opts.baseUrl}/rest/search/`);
      url.searchParams.set('image_url', req.imageUrl);
      url.searchParams.set('offset', '0');
      url.searchParams.set('limit', String(Math.min(req.limit ?? 100, 100)));
      url.searchParams.set('sort', 'score');
      url.searchParams.set('order', 'desc');
      const body = await callProvider({
        provider: 'tineye',
        url,
        headers: { 'x-api-key': opts.apiKey },
        config: opts.config,
        signal: options.signal,
        parse: (b) => {
          const code = Number(dig(b, 'code') ?? 200);
          if (code !== 200) throw statusError('tineye', code, errorMessage(b) ?? `code ${code}`);
          return b;
        },
      });
      const ctx: CandidateContext = {
        engine: 'tineye',
        kind: 'reverse_image',
        provider: 'tineye',
        sandbox: opts.sandbox,
        sandboxOrigin: opts.sandboxOrigin,
        seenAt: new Date().toISOString(),
      };
      const matches = dig(body, 'results', 'matches');
      const out: Candidate[] = [];
      if (!Array.isArray(matches)) return out;
      matches.forEach((m: Record<string, unknown>, index) => {
        const backlinks = Array.isArray(m?.backlinks) ? (m.backlinks as Record<string, unknown>[]) : [];
        for (const b of backlinks) {
          const c = toCandidate(ctx, {
            url: b?.backlink,
            imageUrl: b?.url,
            thumbnailUrl: m.image_url,
            title: b?.image_name ?? m.domain,
            crawlDate: b?.crawl_date,
            position: index + 1,
            score: m.score,
            width: m.width,
            height: m.height,
          });
          if (c) out.push(c);
        }
      });
      return out;
    },
  };
}
