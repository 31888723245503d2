import type { GroupedResults } from '@shared/schemas/search';

/*
 * Pure rules of the review step (PRODUCT.md sections 2, 4 and 9), tested beside the components that use them.
 */

/** Confidence badge colours: red at 80 or more, yellow at 60 or more, grey below (PRODUCT.md section 4). */
export type ConfidenceTone = 'red' | 'yellow' | 'grey';

export const CONFIDENCE_RED_AT = 80;
export const CONFIDENCE_YELLOW_AT = 60;

/** The badge colour of a confidence from 0 to 100. */
export function confidenceTone(confidence: number): ConfidenceTone {
  if (confidence >= CONFIDENCE_RED_AT) return 'red';
  if (confidence >= CONFIDENCE_YELLOW_AT) return 'yellow';
  return 'grey';
}

export type ResultTab = keyof GroupedResults;

/** The three result tabs in order, with their labels (PRODUCT.md section 2). */
export const RESULT_TABS: readonly { value: ResultTab; label: string }[] = [
  { value: 'web', label: 'Web Results' },
  { value: 'images', label: 'Images' },
  { value: 'videos', label: 'Videos' },
];

/** The tab to open first: the first one with results, else Web Results. */
export function firstNonEmptyTab(counts: Record<ResultTab, number>): ResultTab {
  return RESULT_TABS.find((t) => counts[t.value] > 0)?.value ?? 'web';
}

/** Which review actions a result offers: mark buttons until it is marked, 'Send DMCA' only when unauthorized. */
export function reviewActions(status: 'unauthorized' | 'safe' | null): { canMark: boolean; canSendDmca: boolean } {
  return { canMark: status === null, canSendDmca: status === 'unauthorized' };
}
