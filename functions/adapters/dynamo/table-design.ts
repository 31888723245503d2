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

/**
 * The indexes by role: gsi1 lists an owner's items (and the admin's user listing), gsi2 a parent's children,
 * gsi3 work due at a time (the monitor dispatcher's query).
 */
export const [GSI1, GSI2, GSI3] = GSIS;

/** Every key attribute of the table and its indexes (what a read strips before handing an item out). */
export const INDEX_KEY_ATTRIBUTES: string[] = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
