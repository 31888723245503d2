import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config, perConfig } from '../lib/config';
import { captureClient } from '../lib/tracer';
import type { Key } from './keys';

/**
 * The one table: its physical design, its client, and the few operations every entity is written with. This folder
 * is the only code that imports the DynamoDB SDK (an ESLint rule holds it); entities (`entities/*.ts`) build their
 * items and conditions with the helpers below, and services never see a command.
 */

/** The CDK data stack and the local runtime both create the table from these constants. */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Sparse global secondary indexes: an item is in an index only when it carries that index's attributes. */
export const GSIS = [
  /** An owner's items of a type, newest first (and the admin's user listing). */
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** A parent's children. */
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** Work due at a time: `gsi3pk = <KIND>_DUE`, `gsi3sk = <ISO time>#<id>`. */
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
] as const;

export type GsiName = (typeof GSIS)[number]['indexName'];
export const [GSI1, GSI2, GSI3] = GSIS;

/** Attribute that holds an epoch-seconds expiry (DynamoDB TTL on AWS; checked on read, dynalite never expires). */
export const TTL_ATTRIBUTE = 'expiresAt';

/** Every key attribute of the table and its indexes (what a read strips before handing an item out). */
export const INDEX_KEY_ATTRIBUTES: string[] = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...GSIS.flatMap((g) => [g.partitionKey, g.sortKey])];

export type Item = Record<string, unknown>;

/** The document client, made once per configuration (the endpoint is dynalite locally) and closed by resetConfig(). */
export const db: () => DynamoDBDocumentClient = perConfig(
  () => {
    const { dynamoEndpoint: endpoint, region } = config();
    const raw = captureClient(new DynamoDBClient({ endpoint, region, maxAttempts: 3 }));
    return DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  },
  (client) => client.destroy(),
);

export function tableName(): string {
  return config().tableName;
}

/** An expression with its placeholders, as DynamoDB takes conditions, key conditions and filters. */
export interface Expr {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * A small builder for condition expressions, so no entity spells `#a`/`:v` placeholders by hand. Written here
 * rather than taken from ElectroDB or DynamoDB-Toolbox: both own the item format (their own type and key
 * attributes), which would rewrite every stored item; the table's format predates them.
 */
export class Cond {
  private constructor(private readonly render: (ctx: Placeholders) => string) {}

  /** The item exists (its partition key is set). */
  static exists(attribute: Attribute = TABLE_KEYS.partitionKey): Cond {
    return new Cond((p) => `attribute_exists(${p.ref(attribute)})`);
  }
  /** The item, or the attribute, does not exist. */
  static notExists(attribute: Attribute = TABLE_KEYS.partitionKey): Cond {
    return new Cond((p) => `attribute_not_exists(${p.ref(attribute)})`);
  }
  static eq(attribute: Attribute, value: unknown): Cond {
    return Cond.compare(attribute, '=', value);
  }
  static ne(attribute: Attribute, value: unknown): Cond {
    return Cond.compare(attribute, '<>', value);
  }
  static lt(attribute: Attribute, value: unknown): Cond {
    return Cond.compare(attribute, '<', value);
  }
  static le(attribute: Attribute, value: unknown): Cond {
    return Cond.compare(attribute, '<=', value);
  }
  static gt(attribute: Attribute, value: unknown): Cond {
    return Cond.compare(attribute, '>', value);
  }
  static ge(attribute: Attribute, value: unknown): Cond {
    return Cond.compare(attribute, '>=', value);
  }
  /** The attribute holds one of `values`. */
  static in(attribute: Attribute, values: readonly unknown[]): Cond {
    return new Cond((p) => `${p.ref(attribute)} IN (${values.map((v) => p.value(v)).join(', ')})`);
  }
  /** A set or list attribute holds `value` (a string attribute contains it). */
  static contains(attribute: Attribute, value: unknown): Cond {
    return new Cond((p) => `contains(${p.ref(attribute)}, ${p.value(value)})`);
  }
  /** The attribute is absent or null. */
  static isNull(attribute: Attribute): Cond {
    return Cond.or(Cond.notExists(attribute), new Cond((p) => `attribute_type(${p.ref(attribute)}, ${p.value('NULL')})`));
  }
  static and(...conds: Cond[]): Cond {
    return new Cond((p) => conds.map((c) => `(${c.render(p)})`).join(' AND '));
  }
  static or(...conds: Cond[]): Cond {
    return new Cond((p) => conds.map((c) => `(${c.render(p)})`).join(' OR '));
  }
  static not(cond: Cond): Cond {
    return new Cond((p) => `NOT (${cond.render(p)})`);
  }
  private static compare(attribute: Attribute, op: string, value: unknown): Cond {
    return new Cond((p) => `${p.ref(attribute)} ${op} ${p.value(value)}`);
  }

  /** The expression with its placeholders (pass the update's, so a condition and an update share one numbering). */
  build(placeholders = new Placeholders('c')): Expr {
    const expression = this.render(placeholders);
    return { expression, names: placeholders.names, values: placeholders.values };
  }
}

/** An attribute by name (taken whole), or a path into a map attribute: `['submission', 'state']`. */
export type Attribute = string | readonly string[];

/** Numbered `#n`/`:v` placeholders for one expression (or several that share one request). */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byName = new Map<string, string>();
  private nextValue = 0;
  constructor(private readonly prefix: string) {}

  /** A name placeholder (an attribute name is taken whole: `plan:pro` and `a.b` are one attribute each). */
  name(attribute: string): string {
    let placeholder = this.byName.get(attribute);
    if (!placeholder) {
      placeholder = `#${this.prefix}${this.byName.size}`;
      this.byName.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }
  /** A placeholder for an attribute or a path into a map (`#a.#b`). */
  ref(attribute: Attribute): string {
    return typeof attribute === 'string' ? this.name(attribute) : attribute.map((part) => this.name(part)).join('.');
  }
  value(value: unknown): string {
    const placeholder = `:${this.prefix}${this.nextValue++}`;
    this.values[placeholder] = value;
    return placeholder;
  }
}

/** What an UpdateItem changes. Absent parts are left out of the expression. */
export interface Changes {
  /** SET attribute = value (an `undefined` value is skipped; use `remove` to delete an attribute). */
  set?: Item;
  /** SET attribute = if_not_exists(attribute, value): written once, then kept. */
  setIfAbsent?: Item;
  /** SET map.field = value for each field of each map attribute given (`undefined` fields are skipped). */
  setIn?: Record<string, Item>;
  /** SET list = list_append(if_not_exists(list, []), items): items added at the end of a list attribute. */
  append?: Record<string, readonly unknown[]>;
  /** ADD attribute value: numbers are added (a missing attribute counts as 0), sets are unioned. */
  add?: Record<string, number | Set<string>>;
  /** REMOVE attribute. */
  remove?: readonly string[];
}

/** Builds an UpdateExpression from `changes`, sharing `placeholders` with the request's condition. */
export function updateExpression(changes: Changes, placeholders: Placeholders): string {
  const sets = [
    ...Object.entries(changes.setIn ?? {}).flatMap(([map, fields]) =>
      Object.entries(fields)
        .filter(([, v]) => v !== undefined)
        .map(([field, v]) => `${placeholders.ref([map, field])} = ${placeholders.value(v)}`),
    ),
    ...Object.entries(changes.set ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${placeholders.name(k)} = ${placeholders.value(v)}`),
    ...Object.entries(changes.setIfAbsent ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => {
        const name = placeholders.name(k);
        return `${name} = if_not_exists(${name}, ${placeholders.value(v)})`;
      }),
    ...Object.entries(changes.append ?? {}).map(([k, items]) => {
      const name = placeholders.name(k);
      return `${name} = list_append(if_not_exists(${name}, ${placeholders.value([])}), ${placeholders.value(items)})`;
    }),
  ];
  const adds = Object.entries(changes.add ?? {}).map(([k, v]) => `${placeholders.name(k)} ${placeholders.value(v)}`);
  const removes = (changes.remove ?? []).map((k) => placeholders.name(k));
  const clauses = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  if (clauses.length === 0) throw new Error('update: nothing to change');
  return clauses.join(' ');
}

/** True for the error DynamoDB returns when a ConditionExpression is not met. */
export const isConditionFailure = (err: unknown) => (err as { name?: string })?.name === 'ConditionalCheckFailedException';

/** Runs a conditional write: true when written, false when its condition was not met (other errors are thrown). */
async function whenMet(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

const withExpr = (expr: Expr | undefined) =>
  expr && {
    ...(Object.keys(expr.names).length ? { ExpressionAttributeNames: expr.names } : {}),
    ...(Object.keys(expr.values).length ? { ExpressionAttributeValues: expr.values } : {}),
  };

/** The request parts of a GetItem (exported for the entities' parameter tests). */
export function getParams(key: Key, opts: { consistent?: boolean; attributes?: readonly string[] } = {}) {
  const p = new Placeholders('p');
  const projection = opts.attributes?.map((a) => p.name(a)).join(', ');
  return {
    TableName: tableName(),
    Key: key,
    ...(opts.consistent ? { ConsistentRead: true } : {}),
    ...(projection ? { ProjectionExpression: projection, ExpressionAttributeNames: p.names } : {}),
  };
}

/** Reads one item by its key (consistent unless told otherwise: request paths read what they just wrote). */
export async function getItem(key: Key, opts: { consistent?: boolean; attributes?: readonly string[] } = {}): Promise<Item | undefined> {
  const { Item } = await db().send(new GetCommand(getParams(key, { consistent: true, ...opts })));
  return Item as Item | undefined;
}

export function putParams(item: Item, condition?: Cond) {
  const expr = condition?.build();
  return { TableName: tableName(), Item: item, ...(expr ? { ConditionExpression: expr.expression, ...withExpr(expr) } : {}) };
}

/** Writes a whole item, replacing what was there. */
export async function putItem(item: Item): Promise<void> {
  await db().send(new PutCommand(putParams(item)));
}

/** Writes a whole item if `condition` holds: false when it did not (nothing written). */
export async function putItemIf(item: Item, condition: Cond): Promise<boolean> {
  return whenMet(db().send(new PutCommand(putParams(item, condition))));
}

/** Which item an UpdateItem or DeleteItem answers with: as written, or as it was before. */
type Returns = 'new' | 'old';
const returnValues = (returns: Returns | undefined) =>
  returns ? { ReturnValues: returns === 'new' ? ('ALL_NEW' as const) : ('ALL_OLD' as const) } : {};

export function updateParams(key: Key, changes: Changes, opts: { condition?: Cond; returns?: Returns } = {}) {
  const p = new Placeholders('u');
  const update = updateExpression(changes, p);
  const condition = opts.condition?.build(p);
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: update,
    ...(condition ? { ConditionExpression: condition.expression } : {}),
    ...withExpr({ expression: '', names: p.names, values: p.values }),
    ...returnValues(opts.returns),
  };
}

/** Changes an item (creating it when absent); DynamoDB answers with nothing, so nothing is sent back. */
export async function updateItem(key: Key, changes: Changes): Promise<void> {
  await db().send(new UpdateCommand(updateParams(key, changes)));
}

/** Changes an item (creating it when absent), returning the item as written (a sequence reads its new count). */
export async function updateItemReturningNew(key: Key, changes: Changes): Promise<Item> {
  const { Attributes } = await db().send(new UpdateCommand(updateParams(key, changes, { returns: 'new' })));
  return (Attributes ?? {}) as Item;
}

/** Changes an item (creating it when absent), returning the item as it was before: `undefined` when it was new. */
export async function updateItemReturningOld(key: Key, changes: Changes): Promise<Item | undefined> {
  const { Attributes } = await db().send(new UpdateCommand(updateParams(key, changes, { returns: 'old' })));
  return Attributes as Item | undefined;
}

/** Changes an item if `condition` holds: the item as written, or `undefined` when the condition did not hold. */
export async function updateItemIf(key: Key, changes: Changes, condition: Cond): Promise<Item | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand(updateParams(key, changes, { condition, returns: 'new' })));
    return (Attributes ?? {}) as Item;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export function deleteParams(key: Key, condition?: Cond, returns?: Extract<Returns, 'old'>) {
  const expr = condition?.build();
  return { TableName: tableName(), Key: key, ...(expr ? { ConditionExpression: expr.expression, ...withExpr(expr) } : {}), ...returnValues(returns) };
}

/** Deletes an item (nothing happens when it is absent). */
export async function deleteItem(key: Key): Promise<void> {
  await db().send(new DeleteCommand(deleteParams(key)));
}

/** Deletes an item and returns it as it was: one request, so of two callers only one gets it. */
export async function deleteItemReturningOld(key: Key): Promise<Item | undefined> {
  const { Attributes } = await db().send(new DeleteCommand(deleteParams(key, undefined, 'old')));
  return Attributes as Item | undefined;
}

/** Deletes an item if `condition` holds: false when it did not. */
export async function deleteItemIf(key: Key, condition: Cond): Promise<boolean> {
  return whenMet(db().send(new DeleteCommand(deleteParams(key, condition))));
}

/** One partition of the table or of an index, optionally narrowed on the sort key. */
export interface PartitionQuery {
  /** The table itself when absent. */
  index?: GsiName;
  partition: string;
  /** Sort key conditions (at most one of them). */
  sortBeginsWith?: string;
  sortBelow?: string;
  sortAtMost?: string;
  sortBetween?: readonly [string, string];
  /** Newest (highest sort key) first. */
  descending?: boolean;
  /** Stop after this many items (all of the partition when absent). */
  limit?: number;
  filter?: Cond;
  consistent?: boolean;
  attributes?: readonly string[];
}

const PAGE = 1000;

export function queryParams(q: PartitionQuery): QueryCommandInput {
  const gsi = q.index ? GSIS.find((g) => g.indexName === q.index)! : undefined;
  const pkName = gsi?.partitionKey ?? TABLE_KEYS.partitionKey;
  const skName = gsi?.sortKey ?? TABLE_KEYS.sortKey;
  const p = new Placeholders('k');
  const parts = [`${p.name(pkName)} = ${p.value(q.partition)}`];
  if (q.sortBeginsWith !== undefined) parts.push(`begins_with(${p.name(skName)}, ${p.value(q.sortBeginsWith)})`);
  if (q.sortBelow !== undefined) parts.push(`${p.name(skName)} < ${p.value(q.sortBelow)}`);
  if (q.sortAtMost !== undefined) parts.push(`${p.name(skName)} <= ${p.value(q.sortAtMost)}`);
  if (q.sortBetween) parts.push(`${p.name(skName)} BETWEEN ${p.value(q.sortBetween[0])} AND ${p.value(q.sortBetween[1])}`);
  const filter = q.filter?.build(p);
  const projection = q.attributes?.map((a) => p.name(a)).join(', ');
  return {
    TableName: tableName(),
    ...(gsi ? { IndexName: gsi.indexName } : {}),
    KeyConditionExpression: parts.join(' AND '),
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ...(projection ? { ProjectionExpression: projection } : {}),
    ExpressionAttributeNames: p.names,
    ExpressionAttributeValues: p.values,
    ...(q.descending ? { ScanIndexForward: false } : {}),
    ...(q.consistent && !gsi ? { ConsistentRead: true } : {}),
  };
}

/** Reads a partition page by page until `limit` items are collected or the partition ends. */
export async function query(q: PartitionQuery): Promise<Item[]> {
  const input = queryParams(q);
  const limit = q.limit ?? Infinity;
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    // With a filter, DynamoDB's Limit counts items read, not items kept: read whole pages and keep `limit`.
    const page = await db().send(new QueryCommand({ ...input, Limit: q.filter ? PAGE : Math.min(PAGE, limit - items.length), ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey as Item | undefined;
  } while (start && items.length < limit);
  return items.length > limit ? items.slice(0, limit) : items;
}

/** How many items a partition holds (a COUNT query: no items are transferred). */
export async function countPartition(q: Omit<PartitionQuery, 'limit' | 'attributes' | 'descending'>): Promise<number> {
  const input = queryParams(q);
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey as Item | undefined;
  } while (start);
  return count;
}

/**
 * Reads one partition of a GSI newest first (sort values start with a time), until `limit` items are collected.
 * `below` is an exclusive upper bound on the sort key (the cursor of the next page).
 */
export async function queryNewest(opts: { index: GsiName; partition: string; limit: number; below?: string }): Promise<Item[]> {
  return query({ index: opts.index, partition: opts.partition, limit: opts.limit, sortBelow: opts.below, descending: true });
}

const BATCH_GET_SIZE = 100; // the BatchGetItem maximum
const BATCH_WRITE_SIZE = 25; // the BatchWriteItem maximum
const MAX_ROUNDS = 8;
const backoff = (round: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(2000, 50 * 2 ** round)));

/**
 * Reads items by key with BatchGetItem, 100 at a time, re-asking for what DynamoDB hands back unprocessed (it does
 * under throttling; the SDK retries whole calls, not partial answers). Items come back in no particular order.
 */
export async function batchGet(keys: readonly Key[], opts: { consistent?: boolean } = {}): Promise<Item[]> {
  const items: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + BATCH_GET_SIZE).map((k) => ({ ...k }));
    for (let round = 0; pending.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error(`batchGet: ${pending.length} keys still unprocessed after ${MAX_ROUNDS} rounds`);
      if (round > 0) await backoff(round);
      const res = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...(opts.consistent ? { ConsistentRead: true } : {}) } } }),
      );
      items.push(...((res.Responses?.[tableName()] ?? []) as Item[]));
      pending = (res.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return items;
}

/** Puts items with BatchWriteItem, 25 at a time, re-sending what comes back unprocessed with backoff and jitter. */
export async function batchPut(items: readonly Item[]): Promise<void> {
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
}

/** Deletes items by key with BatchWriteItem, as `batchPut` does. */
export async function batchDelete(keys: readonly Key[]): Promise<void> {
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_SIZE) {
    let pending = requests.slice(i, i + BATCH_WRITE_SIZE);
    for (let round = 0; pending.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error(`batchWrite: ${pending.length} items still unprocessed after ${MAX_ROUNDS} rounds`);
      if (round > 0) await backoff(round);
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (res.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
    }
  }
}

/** The item without its table and index keys (what an entity's `fromItem` reads). */
export function withoutKeys(item: Item): Item {
  const rest = { ...item };
  for (const k of INDEX_KEY_ATTRIBUTES) delete rest[k];
  return rest;
}

/** Epoch seconds of `at` plus `seconds` (a TTL value). */
export const expiresIn = (seconds: number, at: Date = new Date()) => Math.floor(at.getTime() / 1000) + seconds;
