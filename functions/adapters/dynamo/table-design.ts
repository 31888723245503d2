/**
 * The one DynamoDB table's physical design. The CDK data stack and the local runtime both create the table
 * from these constants, so the two can never drift apart.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Sparse global secondary indexes: an item is in an index only when it carries that index's attributes. */
export const GSIS = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
] as const;

export type GsiName = (typeof GSIS)[number]['indexName'];

/** Attribute that holds an epoch-seconds expiry (DynamoDB TTL on AWS; checked on read everywhere). */
export const TTL_ATTRIBUTE = 'expiresAt';

/** The two indexes by role: gsi1 lists an owner's items (and the admin's user listing), gsi2 a parent's children. */
export const [GSI1, GSI2] = GSIS;

/** Every key attribute of the table and its indexes (what a read strips before handing an item out). */
export const INDEX_KEY_ATTRIBUTES: string[] = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];
