import { HASH_BYTES, HASH_WORDS } from './dct';

/**
 * Hash sets are stored as base64 of their bytes (32 per hash, words little-endian), which fits a DynamoDB
 * string attribute or an S3 object and decodes straight back into the `Uint32Array` the scan reads.
 */
export function encodeHashes(words: Uint32Array): string {
  const bytes = Buffer.alloc(words.length * 4);
  for (let i = 0; i < words.length; i++) bytes.writeUInt32LE(words[i], i * 4);
  return bytes.toString('base64');
}

/** Inverse of `encodeHashes`; throws on input that is not a whole number of hashes. */
export function decodeHashes(base64: string): Uint32Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length % HASH_BYTES !== 0) throw new RangeError(`hash set of ${bytes.length} bytes is not a multiple of ${HASH_BYTES}`);
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
  return words;
}

/** One hash as 64 hex digits (its 32 bytes in storage order), for logs, fixtures and tests. */
export function hashToHex(words: Uint32Array, index = 0): string {
  const bytes = Buffer.alloc(HASH_BYTES);
  for (let i = 0; i < HASH_WORDS; i++) bytes.writeUInt32LE(words[index * HASH_WORDS + i], i * 4);
  return bytes.toString('hex');
}

/** Parses `hashToHex` output. */
export function hashFromHex(hex: string): Uint32Array {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new RangeError('a hash is 64 hex digits');
  const bytes = Buffer.from(hex, 'hex');
  const words = new Uint32Array(HASH_WORDS);
  for (let i = 0; i < HASH_WORDS; i++) words[i] = bytes.readUInt32LE(i * 4);
  return words;
}
