import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { logger } from '../../functions/lib/logger';
import { MESSAGES, findAccountBySub, signIn } from './accounts';
import { createLockout } from './lockout';
import { AUTO_SUBMIT_JS, IDP_CSS } from './assets';
import { handleCognitoApi } from './cognito-api';
import { errorPage, loginPage, logoutPage, signedOutPage } from './pages';
import { dynamoAdapterFactory } from './provider-adapter';
import { loadSecrets, openIdpStore } from './store';

export interface IdpOptions {
  /** The site's base URL (PUBLIC_URL); the issuer is `${publicUrl}/idp`. */
  publicUrl: string;
  /** DynamoDB endpoint (dynalite) that holds the IdP table. */
  dynamoEndpoint: string;
  clientId: string;
  /** E-mails whose tokens carry `cognito:groups: ['admin']`; read on every token, so it follows ADMIN_EMAILS. */
  adminEmails: () => string[];
  /** E-mails whose tokens carry the agent group (AGENT_EMAILS; issue 23's agent console). */
  agentEmails?: () => string[];
  /** The Cognito group of agents (AGENT_GROUP). */
  agentGroup?: string;
  /** The Cognito group whose members are admins (ADMIN_GROUP). */
  adminGroup?: string;
  /**
   * Maintenance mode (the admin's setting, read on every sign-in page): while registrations are closed the page
   * says so and no new account is created. Absent: always open.
   */
  registrationStatus?: () => Promise<{ registrationsOpen: boolean; message?: string }>;
  /** Where `/idp` is mounted; fixed by the architecture, a parameter only to keep the prefix in one place. */
  mountPath?: string;
}

export interface RunningIdp {
  issuer: string;
  /** Handles a request whose path starts with the mount path. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

const MAX_FORM_BYTES = 16 * 1024;

/**
 * The local stand-in for Cognito's hosted UI: oidc-provider with the authorization-code flow and PKCE only,
 * one public client (the site's backend-for-frontend), tokens shaped like Cognito's (`email`,
 * `cognito:username`, `cognito:groups`), and a sign-in page that creates dev accounts on first use.
 */
export async function createIdp(opts: IdpOptions): Promise<RunningIdp> {
  const mountPath = opts.mountPath ?? '/idp';
  const siteUrl = `${opts.publicUrl}/`;
  const issuer = `${opts.publicUrl}${mountPath}`;
  const store = await openIdpStore(opts.dynamoEndpoint);
  const secrets = await loadSecrets(store);

  const configuration: Configuration = {
    adapter: dynamoAdapterFactory(store),
    clients: [
      {
        client_id: opts.clientId,
        client_name: 'Vigil',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${opts.publicUrl}/api/auth/callback`],
        post_logout_redirect_uris: [siteUrl],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_interaction_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: mountPath },
      short: { httpOnly: true, sameSite: 'lax', path: mountPath },
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub', 'cognito:username', 'cognito:groups'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // Cognito puts the scope's claims into the ID token itself; the callback reads them from there.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const account = await findAccountBySub(store, sub);
      if (!account || account.disabled) return undefined;
      return {
        accountId: sub,
        claims: async () => {
          const groups = groupsOf(account.email, opts);
          return {
            sub,
            email: account.email,
            email_verified: true,
            'cognito:username': sub,
            // Cognito leaves the claim out for users in no group.
            ...(groups.length ? { 'cognito:groups': groups } : {}),
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
          };
        },
      };
    },
    // The one client is first-party: grant its scopes without a consent screen, as Cognito does.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { policy: loginPolicy(store), url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(siteUrl);
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(siteUrl, 'Sign-in problem', out.error_description ?? out.error);
    },
    // The relying party calls the IdP from the server, never from browser JavaScript.
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 15 * 60,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();
  // oidc-provider answers a bug with a bare 500; say what happened.
  provider.on('server_error', (_ctx: unknown, err: Error) => logger.error('local IdP error', { error: err }));

  // Five wrong passwords in 15 minutes lock an e-mail for 15 minutes (Cognito's threat protection on AWS).
  const lockout = createLockout();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return sendHtml(res, 400, errorPage(siteUrl, 'This sign-in page has expired', 'Go back to Vigil and sign in again.'));
    }
    if (details.uid !== uid) {
      return sendHtml(res, 400, errorPage(siteUrl, 'This sign-in page has expired', 'Go back to Vigil and sign in again.'));
    }
    const action = `${mountPath}/interaction/${uid}`;

    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant; anything else that reaches here is finished the same way.
      const grant = new provider.Grant({ clientId: String(details.params.client_id), accountId: details.session!.accountId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }

    const status = opts.registrationStatus ? await opts.registrationStatus() : { registrationsOpen: true };
    const registrationsClosed = status.registrationsOpen ? undefined : (status.message ?? 'New registrations are paused.');
    if (req.method === 'GET') return sendHtml(res, 200, loginPage({ action, siteUrl, registrationsClosed }));
    if (req.method !== 'POST') return sendHtml(res, 405, errorPage(siteUrl, 'Method not allowed'));

    const origin = req.headers.origin;
    if (origin && origin !== new URL(opts.publicUrl).origin) {
      return sendHtml(res, 403, errorPage(siteUrl, 'Cross-site request refused'));
    }
    const form = await readForm(req);
    if (!form) return sendHtml(res, 413, errorPage(siteUrl, 'The form was too large'));
    const input = {
      email: form.get('email') ?? '',
      password: form.get('password') ?? '',
      givenName: form.get('given_name') ?? undefined,
      familyName: form.get('family_name') ?? undefined,
    };
    const lockedMs = lockout.lockedFor(input.email);
    if (lockedMs > 0) {
      res.setHeader('retry-after', String(Math.ceil(lockedMs / 1000)));
      return sendHtml(
        res,
        429,
        loginPage({ action, siteUrl, registrationsClosed, email: input.email, error: 'Too many failed sign-ins for this e-mail. Please try again in 15 minutes.' }),
      );
    }
    const result = await signIn(store, input, registrationsClosed);
    if (!result.ok) {
      if (result.message === MESSAGES.wrongPassword) lockout.failed(input.email);
      return sendHtml(
        res,
        400,
        loginPage({ action, siteUrl, registrationsClosed, email: input.email, givenName: input.givenName, familyName: input.familyName, error: result.message }),
      );
    }
    lockout.succeeded(input.email);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: result.account.sub, remember: true } },
      { mergeWithLastSubmission: false },
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://idp.invalid');
    const sub = url.pathname.slice(mountPath.length) || '/';

    if (sub === '/cognito' || sub === '/cognito/') return handleCognitoApi(req, res, { store, groupsOf: (email) => groupsOf(email, opts), adminGroup: opts.adminGroup ?? 'admin' });
    if (req.method === 'GET' && sub === '/assets/idp.css') return sendAsset(res, 'text/css; charset=utf-8', IDP_CSS);
    if (req.method === 'GET' && sub === '/assets/auto-submit.js') return sendAsset(res, 'text/javascript; charset=utf-8', AUTO_SUBMIT_JS);
    const match = /^\/interaction\/([\w-]{1,64})$/.exec(sub);
    if (match) return interaction(req, res, match[1]!);

    // oidc-provider derives its mount path from originalUrl minus url (the express/connect convention).
    const mounted = req as IncomingMessage & { originalUrl?: string };
    mounted.originalUrl = req.url;
    req.url = `${sub}${url.search}`;
    await new Promise<void>((resolve) => {
      res.once('close', resolve);
      res.once('finish', resolve);
      providerCallback(req, res);
    });
  }

  return {
    issuer,
    handle,
    close: async () => store.close(),
  };
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(html);
}

function sendAsset(res: ServerResponse, type: string, body: string): void {
  res.statusCode = 200;
  res.setHeader('content-type', type);
  res.setHeader('cache-control', 'public, max-age=3600');
  res.end(body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The standard prompts, with one more login check: a browser session whose account was deleted (an account
 * erasure's AdminDeleteUser) or disabled asks for a sign-in again, instead of carrying on with no account.
 */
function loginPolicy(store: Parameters<typeof findAccountBySub>[0]) {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('account_gone', 'the signed-in account no longer exists', 'login_required', async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const account = await findAccountBySub(store, accountId);
      return account && !account.disabled ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}

/** The Cognito groups of a local account: the admin group for ADMIN_EMAILS, the agent group for AGENT_EMAILS. */
export function groupsOf(email: string, opts: { adminEmails: () => string[]; adminGroup?: string; agentEmails?: () => string[]; agentGroup?: string }): string[] {
  return [
    ...(opts.adminEmails().includes(email) ? [opts.adminGroup ?? 'admin'] : []),
    ...((opts.agentEmails?.() ?? []).includes(email) ? [opts.agentGroup ?? 'agent'] : []),
  ];
}
