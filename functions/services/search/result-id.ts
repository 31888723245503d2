import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A result's id: a valid ULID whose time is the search's start and whose 80 "random" bits are a hash of
 * (search, content type, URL). The same copy found again by a retried workflow step gets the same id, so a
 * retry overwrites instead of duplicating. (The ulid package draws its random part from a PRNG and has no
 * seeded form, hence these few lines.)
 */
export function resultIdFor(searchCreatedAtMs: number, searchId: string, contentType: string, url: string): string {
  const digest = createHash('sha256').update(`${searchId}\n${contentType}\n${url}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let random = '';
  for (let i = 0; i < 16; i++) {
    random = CROCKFORD[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  return encodeTime(searchCreatedAtMs, 10) + random;
}
