import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A valid ULID whose 80 "random" bits are a hash of `seed`, so the same thing asked for again (a retried
 * workflow step, a repeated bulk request) gets the same id and overwrites instead of duplicating. The time
 * part is `time` (epoch ms) or the first 10 characters of an existing ULID (to sort next to it). The ulid
 * package draws its random part from a PRNG and has no seeded form, hence these few lines.
 */
export function deterministicUlid(time: number | string, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let random = '';
  for (let i = 0; i < 16; i++) {
    random = CROCKFORD[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  const prefix = typeof time === 'number' ? encodeTime(time, 10) : time.slice(0, 10).toUpperCase();
  return prefix + random;
}
