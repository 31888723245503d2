/**
 * The one DynamoDB table's physical design. The CDK data stack and the local runtime both create the table
 * from these constants, so the two can never drift apart.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Sparse global secondary indexes: an item is in an index only when it carries that index's attributes. */
export const GSIS = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** Work that is due at a time (monitor runs, alert digests): `gsi3pk = <KIND>_DUE`, `gsi3sk = <ISO time>#<id>`. */
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
] as const;

export type GsiName = (typeof GSIS)[number]['indexName'];

/** Attribute that holds an epoch-seconds expiry (DynamoDB TTL on AWS; checked on read everywhere). */
export const TTL_ATTRIBUTE = 'expiresAt';
