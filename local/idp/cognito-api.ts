import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_CREDENTIALS } from '../stand-ins/credentials';
import { checkSignedJsonRequest } from '../stand-ins/sigv4-guard';
import { deleteAccount, findAccountBySub, setAccountDisabled } from './accounts';
import type { IdpStore } from './store';

/**
 * The few Cognito user-pool admin actions Vigil calls, answered from the local IdP's accounts over Cognito's
 * own wire protocol (AWS JSON 1.1, SigV4-signed with the runtime's credentials), so the functions run the same
 * SDK code locally as on AWS: AdminGetUser (is the account enabled), AdminListGroupsForUser (admin group from
 * ADMIN_EMAILS), AdminDisableUser / AdminEnableUser (what an operator does in the console), and AdminDeleteUser
 * (the last step of an account erasure).
 */
export async function handleCognitoApi(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { store: IdpStore; groupsOf: (email: string) => string[]; adminGroup: string },
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) return send(res, 413, { __type: 'RequestEntityTooLarge', message: 'Request too large.' });
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  if (req.method !== 'POST') return send(res, 405, { __type: 'MethodNotAllowed', message: 'POST only.' });
  const verdict = checkSignedJsonRequest(req, req.url ?? '/', body, 'cognito-idp', LOCAL_CREDENTIALS);
  if (!verdict.ok) return send(res, verdict.status, { __type: verdict.code, message: verdict.message });

  const action = String(req.headers['x-amz-target'] ?? '').replace(/^AWSCognitoIdentityProviderService\./, '');
  let input: { UserPoolId?: string; Username?: string };
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return send(res, 400, { __type: 'SerializationException', message: 'Body is not JSON.' });
  }
  const account = input.Username ? await findAccountBySub(deps.store, input.Username) : undefined;
  if (!account) return send(res, 400, { __type: 'UserNotFoundException', message: 'User does not exist.' });

  switch (action) {
    case 'AdminGetUser':
      return send(res, 200, {
        Username: account.sub,
        Enabled: !account.disabled,
        UserStatus: 'CONFIRMED',
        UserAttributes: [
          { Name: 'sub', Value: account.sub },
          { Name: 'email', Value: account.email },
        ],
      });
    case 'AdminListGroupsForUser':
      return send(res, 200, {
        Groups: deps.groupsOf(account.email).map((GroupName) => ({ GroupName, UserPoolId: input.UserPoolId })),
      });
    case 'AdminDisableUser':
    case 'AdminEnableUser':
      await setAccountDisabled(deps.store, account.email, action === 'AdminDisableUser');
      return send(res, 200, {});
    case 'AdminDeleteUser':
      await deleteAccount(deps.store, account);
      return send(res, 200, {});
    default:
      return send(res, 400, { __type: 'UnknownOperationException', message: `${action} is not supported locally.` });
  }
}

function send(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/x-amz-json-1.1');
  if (status >= 400) res.setHeader('x-amzn-errortype', String(body.__type));
  res.end(JSON.stringify(body));
}
