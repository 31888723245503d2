import type { GroupedResults, SearchResult } from '@shared/schemas/search';

/*
 * Pure helpers over scan results that the dashboard and the search page both use (features may not import one
 * another, so they live here).
 */

/** The `source` value of results found in Vigil's offline sandbox web rather than the live internet. */
export const SANDBOX_SOURCE = 'sandbox';

/** The notice every screen shows when results come from the sandbox web. */
export const SANDBOX_NOTICE = "Sandbox results: these come from Vigil's simulated web, not the live internet";

const ENGINE_LABELS: Record<string, string> = { google: 'Google', bing: 'Bing', duckduckgo: 'DuckDuckGo', brave: 'Brave', tineye: 'TinEye' };

/** A search engine's display name (`duckduckgo` -> `DuckDuckGo`); unknown ids are shown as sent. */
export function engineLabel(engine: string): string {
  return ENGINE_LABELS[engine.toLowerCase()] ?? engine;
}

/** Display names of several engines joined for a sentence: `Google, Bing`. */
export function engineList(engines: readonly string[]): string {
  return engines.map(engineLabel).join(', ');
}

/** Results split by kind, as `GET /api/user/{id}/results/grouped` returns them, keeping the given order. */
export function groupByContentType(results: readonly SearchResult[]): GroupedResults {
  const grouped: GroupedResults = { web: [], images: [], videos: [] };
  for (const r of results) grouped[r.contentType].push(r);
  return grouped;
}

/** How many results each tab holds. */
export function countByContentType(grouped: GroupedResults): Record<keyof GroupedResults, number> {
  return { web: grouped.web.length, images: grouped.images.length, videos: grouped.videos.length };
}

/** Number of distinct domains (case-insensitive, `www.` ignored) among results. */
export function uniqueDomainCount(results: readonly Pick<SearchResult, 'domain'>[]): number {
  return new Set(results.map((r) => r.domain.trim().toLowerCase().replace(/^www\./, '')).filter(Boolean)).size;
}

/** True when any result came from the sandbox web. */
export function hasSandboxResults(results: readonly Pick<SearchResult, 'source'>[]): boolean {
  return results.some((r) => r.source === SANDBOX_SOURCE);
}

/** All results of a grouped answer, in tab order. */
export function flattenGrouped(grouped: GroupedResults): SearchResult[] {
  return [...grouped.web, ...grouped.images, ...grouped.videos];
}

/**
 * A cached result list or grouped answer with one result swapped for its updated copy (after a review), so the
 * screen changes at once without reloading lists of up to 500 results. Returns the input itself when the result
 * is not in it.
 */
export function replaceResult<T extends SearchResult[] | GroupedResults | undefined>(data: T, updated: SearchResult): T {
  if (!data) return data;
  const swap = (list: SearchResult[]) => {
    const index = list.findIndex((r) => r.id === updated.id);
    if (index < 0) return list;
    const next = list.slice();
    next[index] = updated;
    return next;
  };
  if (Array.isArray(data)) {
    const next = swap(data);
    return (next === data ? data : next) as T;
  }
  const grouped = data as GroupedResults;
  if (!Array.isArray(grouped.web) || !Array.isArray(grouped.images) || !Array.isArray(grouped.videos)) return data;
  const next = { web: swap(grouped.web), images: swap(grouped.images), videos: swap(grouped.videos) };
  const changed = next.web !== grouped.web || next.images !== grouped.images || next.videos !== grouped.videos;
  return (changed ? next : data) as T;
}

/**
 * What the scan card and the monitor page say about reference files Vigil could not fingerprint: which,
 * and why, and what the scan still does. Undefined when every file was used.
 */
/** What each fingerprinted reference video gave (issue 24): its frames hashed, over its length. */
export function videoReferencesNote(videos: readonly { filename: string; frames: number; durationSeconds: number }[] | undefined): { title: string; files: string[] } | undefined {
  if (!videos?.length) return undefined;
  const seconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`);
  return {
    title: videos.length === 1 ? 'Reference video fingerprinted' : `${videos.length} reference videos fingerprinted`,
    files: videos.map((v) => `${v.filename}: ${v.frames} ${v.frames === 1 ? 'frame' : 'frames'} hashed from ${seconds(v.durationSeconds)} of video`),
  };
}

export function skippedReferencesNote(skipped: readonly { filename: string; reason: string }[] | undefined): { title: string; files: string[]; hint: string } | undefined {
  if (!skipped?.length) return undefined;
  return {
    title: skipped.length === 1 ? 'One file is not used to recognise copies' : `${skipped.length} files are not used to recognise copies`,
    files: skipped.map((s) => `${s.filename}: ${s.reason}`),
    hint: 'Copies of a picture with more detail, such as a photograph, can be recognised. Creator names are searched as usual.',
  };
}
