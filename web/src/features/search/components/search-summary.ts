import type { Priority, SearchResult } from '@shared/schemas/search';
import { uniqueDomainCount } from '@/lib/scan/scan-results';

/*
 * The figures of the search page's results summary (PRODUCT.md section 2), kept pure so they are tested.
 */

export const VIOLATIONS_DETECTED = 'Violations Detected';
export const CONTENT_PROTECTED = 'Content Protected';
export const NO_VIOLATIONS_MESSAGE = "Great news! Your search didn't find any unauthorized use of your content.";
export const FAILED_ENGINES_NOTE = 'This is normal - try again later or check our status dashboard.';

/** 'Some platforms may have blocked our search: {engines}' (PRODUCT.md section 8). */
export function failedEnginesMessage(engines: string): string {
  return `Some platforms may have blocked our search: ${engines}`;
}

export interface SearchSummary {
  headline: typeof VIOLATIONS_DETECTED | typeof CONTENT_PROTECTED;
  violations: number;
  enginesScanned: string[];
  failedEngines: string[];
  uniqueDomains: number;
}

/**
 * Summarises a finished search: every result it stored is a possible violation; engines scanned are those that
 * answered, failed ones are listed apart (falling back to the engines asked when the metadata is missing).
 */
export function summarizeSearch(
  search: { searchEngines: string[]; metadata?: { successfulEngines: string[]; failedEngines: string[] } },
  results: readonly Pick<SearchResult, 'domain'>[],
): SearchSummary {
  return {
    headline: results.length > 0 ? VIOLATIONS_DETECTED : CONTENT_PROTECTED,
    violations: results.length,
    enginesScanned: search.metadata?.successfulEngines ?? search.searchEngines,
    failedEngines: search.metadata?.failedEngines ?? [],
    uniqueDomains: uniqueDomainCount(results),
  };
}

export type RiskLevel = 'high' | 'medium' | 'low';

/** A violation's risk badge follows its priority (high, medium, low), which the scan scores from the match. */
export function riskOf(priority: Priority): { level: RiskLevel; label: string } {
  return { level: priority, label: `${priority.charAt(0).toUpperCase()}${priority.slice(1)} risk` };
}
