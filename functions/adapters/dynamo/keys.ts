/**
 * Every key of the single table is built here and nowhere else. See docs/ARCHITECTURE.md for the
 * access-pattern table these functions implement. Values look like `ENTITY#id`; list patterns use the sparse
 * GSIs with a time-ordered ULID (or ISO timestamp) as sort key so "newest first" is a descending Query.
 */
export interface Key {
  pk: string;
  sk: string;
}

const month = (iso: string) => iso.slice(0, 7);

export const keys = {
  /** A user's profile. Listed for the admin by signup time on gsi1. */
  user: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userListing: (createdAt: string, userId: string) => ({ gsi1pk: 'USERS', gsi1sk: `${createdAt}#${userId}` }),

  /** Maps an identity provider subject (Cognito `sub`) to our user id; written once, conditionally. */
  identity: (issuer: string, subject: string): Key => ({ pk: `IDENTITY#${issuer}#${subject}`, sk: 'IDENTITY' }),

  /** A server-side session, keyed by the SHA-256 of the opaque cookie value (the cookie itself is never stored). */
  session: (sessionHash: string): Key => ({ pk: `SESSION#${sessionHash}`, sk: 'SESSION' }),

  /** Per-user counters (stats, usage) kept with atomic ADD updates. */
  userCounters: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'COUNTERS' }),

  /** Global counters (admin aggregates, case numbers), one item per name, optionally per month. */
  counter: (name: string): Key => ({ pk: `COUNTER#${name}`, sk: 'TOTAL' }),
  monthlyCounter: (name: string, isoDate: string): Key => ({ pk: `COUNTER#${name}`, sk: `MONTH#${month(isoDate)}` }),

  /** Generic "list an owner's items of a type, newest first" on gsi1. */
  ownedBy: (userId: string, type: string, sortValue: string) => ({
    gsi1pk: `USER#${userId}#${type}`,
    gsi1sk: sortValue,
  }),
  ownedByPartition: (userId: string, type: string) => `USER#${userId}#${type}`,

  /** Generic "an item by its id": pk `TYPE#id`, so GetItem answers read-by-id routes. */
  entity: (type: string, id: string): Key => ({ pk: `${type}#${id}`, sk: type }),

  /** Generic "children of a parent" on gsi2 (for example a search's results). */
  childOf: (parentType: string, parentId: string, childType: string, sortValue: string) => ({
    gsi2pk: `${parentType}#${parentId}#${childType}`,
    gsi2sk: sortValue,
  }),
  childOfPartition: (parentType: string, parentId: string, childType: string) =>
    `${parentType}#${parentId}#${childType}`,
} as const;
