import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { IdpStore } from './store';

const now = () => Math.floor(Date.now() / 1000);

/**
 * oidc-provider's storage (sessions, interactions, codes, grants) in the IdP's dynalite table, so an IdP
 * session survives a restart of `npm start` like everything else. Written here because oidc-provider ships
 * only an in-memory adapter and no maintained DynamoDB one fits dynalite.
 *
 * Items: `MODEL#<name>#<id>` holds the payload (JSON) and its expiry; `UID#<uid>` and `USERCODE#<code>` point
 * to an id; `GRANT#<grantId>` lists the ids issued under a grant so they can be revoked together. dynalite
 * has no TTL, so expiry is checked on every read.
 */
export function dynamoAdapterFactory(store: IdpStore): AdapterFactory {
  return (name: string): Adapter => new DynamoAdapter(store, name);
}

class DynamoAdapter implements Adapter {
  constructor(
    private readonly store: IdpStore,
    private readonly name: string,
  ) {}

  private key(id: string) {
    return { pk: `MODEL#${this.name}#${id}`, sk: 'P' };
  }

  private pointer(kind: 'UID' | 'USERCODE', value: string) {
    return { pk: `${kind}#${this.name}#${value}`, sk: 'P' };
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? now() + expiresIn : undefined;
    const { doc, table } = this.store;
    const writes = [doc.send(new PutCommand({ TableName: table, Item: { ...this.key(id), payload: JSON.stringify(payload), expiresAt } }))];
    if (payload.uid) writes.push(doc.send(new PutCommand({ TableName: table, Item: { ...this.pointer('UID', payload.uid), id, expiresAt } })));
    if (payload.userCode) {
      writes.push(doc.send(new PutCommand({ TableName: table, Item: { ...this.pointer('USERCODE', payload.userCode), id, expiresAt } })));
    }
    if (payload.grantId) {
      writes.push(
        doc.send(new PutCommand({ TableName: table, Item: { pk: `GRANT#${payload.grantId}`, sk: `${this.name}#${id}`, expiresAt } })),
      );
    }
    await Promise.all(writes);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.store.table, Key: this.key(id), ConsistentRead: true }));
    if (!Item || (Item.expiresAt && Item.expiresAt <= now())) return undefined;
    const payload = JSON.parse(Item.payload as string) as AdapterPayload;
    return Item.consumed ? { ...payload, consumed: Item.consumed } : payload;
  }

  private async findByPointer(kind: 'UID' | 'USERCODE', value: string): Promise<AdapterPayload | undefined> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.table, Key: this.pointer(kind, value), ConsistentRead: true }),
    );
    return Item ? this.find(Item.id as string) : undefined;
  }

  findByUid(uid: string) {
    return this.findByPointer('UID', uid);
  }

  findByUserCode(userCode: string) {
    return this.findByPointer('USERCODE', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.table,
        Key: this.key(id),
        UpdateExpression: 'SET #consumed = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#consumed': 'consumed' },
        ExpressionAttributeValues: { ':now': now() },
      }),
    );
  }

  async destroy(id: string): Promise<void> {
    await this.store.doc.send(new DeleteCommand({ TableName: this.store.table, Key: this.key(id) }));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const { doc, table } = this.store;
    const { Items = [] } = await doc.send(
      new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `GRANT#${grantId}` } }),
    );
    await Promise.all(
      Items.map(async (item) => {
        const sk = item.sk as string;
        const [model, ...rest] = sk.split('#');
        await doc.send(new DeleteCommand({ TableName: table, Key: { pk: `MODEL#${model}#${rest.join('#')}`, sk: 'P' } }));
        await doc.send(new DeleteCommand({ TableName: table, Key: { pk: item.pk as string, sk } }));
      }),
    );
  }
}
