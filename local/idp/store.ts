import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { JWK } from 'oidc-provider';
import { untilActive } from '../stand-ins/dynamo';

/** The local IdP keeps its accounts, keys and protocol state in its own dynalite table, apart from the app's. */
export const IDP_TABLE = 'vigil-local-idp';

export interface IdpStore {
  doc: DynamoDBDocumentClient;
  table: string;
  close(): void;
}

/** Opens (and on first use creates) the IdP table on the given DynamoDB endpoint. */
export async function openIdpStore(endpoint: string, table = IDP_TABLE): Promise<IdpStore> {
  const raw = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await raw.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
  }
  await untilActive(raw, table);
  const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { doc, table, close: () => raw.destroy() };
}

export interface IdpSecrets {
  /** The RS256 signing key (Cognito signs ID tokens with RS256 too). */
  signingKey: JWK;
  /** Keys that sign the IdP's own cookies. */
  cookieKeys: string[];
}

/**
 * Loads the IdP's signing key and cookie keys, creating them on first start. They persist with the data, so an
 * ID token issued before a restart still verifies after it (logout sends one as id_token_hint).
 */
export async function loadSecrets(store: IdpStore): Promise<IdpSecrets> {
  const Key = { pk: 'CONFIG', sk: 'SECRETS' };
  const { Item } = await store.doc.send(new GetCommand({ TableName: store.table, Key, ConsistentRead: true }));
  if (Item) return { signingKey: JSON.parse(Item.signingKey as string), cookieKeys: Item.cookieKeys as string[] };

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const secrets: IdpSecrets = {
    signingKey: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: { ...Key, signingKey: JSON.stringify(secrets.signingKey), cookieKeys: secrets.cookieKeys },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return secrets;
  } catch {
    // Another start won the race: use its secrets.
    return loadSecrets(store);
  }
}
