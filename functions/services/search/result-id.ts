import { deterministicUlid } from '../../lib/deterministic-ulid';

/**
 * A result's id: a ULID whose time is the search's start and whose random part is a hash of (search, content
 * type, URL). The same copy found again by a retried workflow step gets the same id.
 */
export function resultIdFor(searchCreatedAtMs: number, searchId: string, contentType: string, url: string): string {
  return deterministicUlid(searchCreatedAtMs, `${searchId}\n${contentType}\n${url}`);
}
