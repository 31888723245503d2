import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

/** What the identity provider says about a user now: whether the account may be used, and its groups. */
export interface IdentityStatus {
  enabled: boolean;
  groups: string[];
}

let client: CognitoIdentityProviderClient | undefined;
const cognito = () =>
  (client ??= captureClient(new CognitoIdentityProviderClient({ region: config().region, endpoint: config().cognitoEndpoint, maxAttempts: 2 })));

/** How old a status may be before the user pool is asked again. */
export const STATUS_MAX_AGE_MS = 60_000;
const cache = new Map<string, { status: IdentityStatus; at: number }>();
const MAX_CACHED = 10_000;

/**
 * The user's status in the Cognito user pool (AdminGetUser + AdminListGroupsForUser), at most
 * STATUS_MAX_AGE_MS old, kept per function instance. A user the pool no longer has is disabled. `undefined`
 * when no user pool is configured (unit tests of other areas); then the sign-in's group claim stands.
 */
export async function identityStatus(username: string, now = Date.now()): Promise<IdentityStatus | undefined> {
  const poolId = config().cognitoUserPoolId;
  if (!poolId) return undefined;
  const hit = cache.get(username);
  if (hit && now - hit.at < STATUS_MAX_AGE_MS) return hit.status;
  let status: IdentityStatus;
  try {
    const [user, groups] = await Promise.all([
      cognito().send(new AdminGetUserCommand({ UserPoolId: poolId, Username: username })),
      cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: username, Limit: 60 })),
    ]);
    status = { enabled: user.Enabled !== false, groups: (groups.Groups ?? []).map((g) => g.GroupName!).filter(Boolean) };
  } catch (err) {
    if (!(err instanceof UserNotFoundException || (err as Error).name === 'UserNotFoundException')) throw err;
    status = { enabled: false, groups: [] };
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(username, { status, at: now });
  return status;
}

const isNotFound = (err: unknown) => err instanceof UserNotFoundException || (err as Error).name === 'UserNotFoundException';

/**
 * Disables (`delete: false`) or deletes the user in the user pool (AdminDisableUser / AdminDeleteUser): an
 * account erasure first stops new sign-ins, then removes the identity. A user the pool no longer has is done
 * already; no user pool configured (unit tests of other areas) is nothing to do.
 */
export async function removeIdentity(username: string, opts: { delete: boolean }): Promise<void> {
  const poolId = config().cognitoUserPoolId;
  if (!poolId) return;
  try {
    const input = { UserPoolId: poolId, Username: username };
    await cognito().send(opts.delete ? new AdminDeleteUserCommand(input) : new AdminDisableUserCommand(input));
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  cache.delete(username);
}
