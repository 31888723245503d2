import { splitResultUrls } from '@shared/schemas/cases';

/*
 * The URL picker of the DMCA page (PRODUCT.md section 2): a search result's `url` is a comma-separated list with
 * duplicates removed; the ticked URLs fill the infringing-URL field, one a line, and the description is rewritten
 * with how many are ticked.
 */

/** The distinct URLs of a search result's `url` field, in their order. */
export function resultUrls(url: string | null | undefined): string[] {
  return url ? splitResultUrls(url) : [];
}

/** The ticked URLs in the list's order (so the field does not reorder as boxes are ticked). */
export function selectedInOrder(all: readonly string[], selected: ReadonlySet<string>): string[] {
  return all.filter((u) => selected.has(u));
}

/** The infringing-URL field's text: the ticked URLs joined with newlines. */
export function infringingUrlText(urls: readonly string[]): string {
  return urls.join('\n');
}

/** What the description says about the violation. */
export interface ViolationSummary {
  title?: string | null;
  domain?: string | null;
  count: number;
}

/**
 * The description written for the ticked URLs: the work, where it was found and how many URLs are ticked. It speaks
 * of "the copyright owner" because the notice is filed by Vigil's agent on the creator's behalf.
 */
export function violationDescription({ title, domain, count }: ViolationSummary): string {
  const work = title?.trim() ? `the copyright owner's content ("${title.trim()}")` : "the copyright owner's content";
  const where = domain?.trim() ? ` found on ${domain.trim()}` : '';
  return `Unauthorized copies of ${work}${where} (${count} infringing URL${count === 1 ? '' : 's'}).`;
}

/** A new selection with one URL toggled. */
export function toggleUrl(selected: ReadonlySet<string>, url: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(url);
  else next.delete(url);
  return next;
}
