import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword, verifyPassword } from './password';
import type { IdpStore } from './store';

/** A local dev account: what Cognito's user pool holds for a person, minus everything we do not need. */
export interface Account {
  sub: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** Set by AdminDisableUser: the account cannot sign in, and Vigil ends its sessions. */
  disabled?: boolean;
}

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 256;

export const MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  shortPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  wrongPassword: 'Incorrect email or password.',
  disabled: 'This account is disabled.',
} as const;

export type SignInResult = { ok: true; account: Account; created: boolean } | { ok: false; message: string };

const accountKey = (email: string) => ({ pk: `ACCOUNT#${email}`, sk: 'ACCOUNT' });
const subjectKey = (sub: string) => ({ pk: `SUB#${sub}`, sk: 'SUB' });
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Signs a person in on the local IdP: the first sign-in with an e-mail creates the account (password of at
 * least 8 characters, stored as an scrypt hash), every later one must give the same password.
 */
export async function signIn(
  store: IdpStore,
  input: { email: string; password: string; givenName?: string; familyName?: string },
  /** While maintenance mode is on: the message that refuses a new account (existing accounts sign in as usual). */
  registrationsClosed?: string,
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return { ok: false, message: MESSAGES.invalidEmail };
  if (input.password.length > MAX_PASSWORD_LENGTH) return { ok: false, message: MESSAGES.longPassword };

  const existing = await findByEmail(store, email);
  if (existing) return verify(existing, input.password);
  if (registrationsClosed) return { ok: false, message: registrationsClosed };

  if (input.password.length < MIN_PASSWORD_LENGTH) return { ok: false, message: MESSAGES.shortPassword };
  const account: Account = {
    sub: randomUUID(),
    email,
    givenName: input.givenName?.trim() || undefined,
    familyName: input.familyName?.trim() || undefined,
  };
  const passwordHash = await hashPassword(input.password);
  // The subject record goes first: if the account write below loses a race, an unused record is harmless,
  // whereas an account without one could sign in but never get a token.
  await store.doc.send(new PutCommand({ TableName: store.table, Item: { ...subjectKey(account.sub), ...account } }));
  try {
    await store.doc.send(
      new PutCommand({
        TableName: store.table,
        Item: { ...accountKey(email), ...account, passwordHash, createdAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    // Created a moment ago by a concurrent first sign-in: this one must match its password.
    return verify((await findByEmail(store, email))!, input.password);
  }
  return { ok: true, account, created: true };
}

async function verify(stored: Account & { passwordHash: string }, password: string): Promise<SignInResult> {
  if (!(await verifyPassword(password, stored.passwordHash))) return { ok: false, message: MESSAGES.wrongPassword };
  if (stored.disabled) return { ok: false, message: MESSAGES.disabled };
  const { sub, email, givenName, familyName } = stored;
  return { ok: true, account: { sub, email, givenName, familyName }, created: false };
}

async function findByEmail(store: IdpStore, email: string): Promise<(Account & { passwordHash: string }) | undefined> {
  const { Item } = await store.doc.send(new GetCommand({ TableName: store.table, Key: accountKey(email), ConsistentRead: true }));
  return Item as (Account & { passwordHash: string }) | undefined;
}

/** The account behind an ID token subject (oidc-provider's findAccount; the Cognito stand-in's Username). */
export async function findAccountBySub(store: IdpStore, sub: string): Promise<Account | undefined> {
  const { Item } = await store.doc.send(new GetCommand({ TableName: store.table, Key: subjectKey(sub) }));
  if (!Item) return undefined;
  const stored = await findByEmail(store, (Item as Account).email);
  if (!stored || stored.sub !== sub) return undefined;
  const { email, givenName, familyName, disabled } = stored;
  return { sub, email, givenName, familyName, ...(disabled ? { disabled } : {}) };
}

/** Disables or enables an account (AdminDisableUser / AdminEnableUser). */
export async function setAccountDisabled(store: IdpStore, email: string, disabled: boolean): Promise<void> {
  await store.doc.send(
    new UpdateCommand({
      TableName: store.table,
      Key: accountKey(normaliseEmail(email)),
      UpdateExpression: 'SET disabled = :d',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': disabled },
    }),
  );
}

/** Deletes an account (AdminDeleteUser): its e-mail and subject items; the e-mail can sign up afresh later. */
export async function deleteAccount(store: IdpStore, account: Account): Promise<void> {
  await store.doc.send(new DeleteCommand({ TableName: store.table, Key: accountKey(normaliseEmail(account.email)) }));
  await store.doc.send(new DeleteCommand({ TableName: store.table, Key: subjectKey(account.sub) }));
}
