import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { startWorkflow } from '../../adapters/workflows';
import { config, perConfig } from '../../lib/config';
import { WorkflowUnavailableError } from '../../lib/errors';
import * as profiles from '../../store/entities/profile';
import * as signingKeys from '../../store/entities/signing-key';
import { findStoredSessionById } from '../sessions';
import type { BillingPort } from '../billing/billing-port';
import { readStoredPlan } from '../billing/plan-store';

/**
 * Account erasure (issue 27; docs/ARCHITECTURE.md, "Data the creator controls"). The creator asks in Account
 * settings; a link mailed to their address confirms it (so a stolen session alone cannot erase an account, and
 * the address is proven theirs); the confirmation starts the erasure workflow
 * (infra/workflows/account-erasure-definition.ts), whose tasks are these functions (the first four in erasure-steps.ts,
 * apart from the mail, so that their functions do not carry it), in order:
 *
 *   EraseBegin     ends every session and disables the identity (no new sign-in), and waits while a scan runs
 *   EraseFiles     every S3 object under the user's prefixes, and each scan's work/ folder
 *   EraseItems     every item of the user in the table, in batches, until none is left
 *   EraseIdentity  the identity in the user pool (Cognito; the local IdP locally)
 *   EraseReport    mails "your account is deleted" to the address, and the execution ends SUCCEEDED
 *
 * Each task can run again after a failure and does only what is left.
 */

/** How long a confirmation link is valid. */
export const ERASURE_LINK_SECONDS = 24 * 3600;

export interface ErasureInput {
  userId: string;
  email: string;
  /** The user pool's username (`cognito:username`) of the session that asked. */
  idpUsername?: string;
}

// ---------------------------------------------------------------- the confirmation link

const keyCache = perConfig(() => ({ key: undefined as Promise<Buffer> | undefined }));
async function loadKey(): Promise<Buffer> {
  let value = await signingKeys.get('account-erasure');
  if (!value) {
    value = randomBytes(32).toString('base64');
    if (!(await signingKeys.createOnce('account-erasure', value))) value = await signingKeys.get('account-erasure');
  }
  return Buffer.from(value!, 'base64');
}
function signingKey(): Promise<Buffer> {
  const cache = keyCache();
  cache.key ??= loadKey().catch((err: unknown) => {
    cache.key = undefined;
    throw err;
  });
  return cache.key;
}
const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`erase:${payload}`).digest('base64url');

/** A signed, expiring token naming the user, their address and their user-pool username. */
export async function erasureToken(input: ErasureInput, now = new Date()): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ u: input.userId, e: input.email, n: input.idpUsername ?? null, x: Math.floor(now.getTime() / 1000) + ERASURE_LINK_SECONDS })).toString('base64url');
  return `${payload}.${mac(await signingKey(), payload)}`;
}

/** The erasure a token confirms, or a reason it does not (malformed, forged, expired). */
export async function verifyErasureToken(token: string, now = new Date()): Promise<{ ok: true; input: ErasureInput } | { ok: false; reason: 'invalid' | 'expired' }> {
  const m = /^([A-Za-z0-9_-]{10,2000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(await signingKey(), m[1]!));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const claims = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as { u: string; e: string; n: string | null; x: number };
  if (claims.x * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, input: { userId: claims.u, email: claims.e, ...(claims.n ? { idpUsername: claims.n } : {}) } };
}

/** Step one: mails the confirmation link to the account's address. Nothing is deleted yet. */
export async function requestErasure(caller: { userId: string; email: string; sessionId: string }, now = new Date()): Promise<{ sentTo: string }> {
  if (!config().accountErasureStateMachineArn) throw new WorkflowUnavailableError('Account deletion is not configured here.');
  const profile = await profiles.get(caller.userId);
  const email = profile?.email ?? caller.email;
  const session = await findStoredSessionById(caller.sessionId);
  const token = await erasureToken({ userId: caller.userId, email, idpUsername: session?.idpUsername }, now);
  const link = `${config().publicUrl}/api/account/deletion?token=${encodeURIComponent(token)}`;
  await mailSender().send({
    to: email,
    from: { name: 'Vigil', address: 'accounts@vigil.invalid' },
    subject: 'Confirm the deletion of your Vigil account',
    text: [
      'Someone signed in to your Vigil account asked to delete it.',
      '',
      'Deleting it removes, for good: your profile, scans, results, cases and their notices, monitors, alerts,',
      'allowlist, uploaded reference files and evidence pictures, and your sign-in. It cannot be undone.',
      'Download your data first from Account settings if you want to keep it.',
      '',
      `To delete the account, open this link within 24 hours and confirm: ${link}`,
      '',
      'If you did not ask for this, ignore this e-mail: nothing is deleted without the confirmation.',
    ].join('\n'),
    headers: { 'X-Vigil-Account': 'erasure-confirm' },
  });
  return { sentTo: email };
}

/**
 * Step two: the confirmed link starts the erasure workflow, named after the user, so a second click (or a
 * retried request) is the same execution, never a second one.
 */
export async function confirmErasure(input: ErasureInput, billing: BillingPort): Promise<{ executionArn: string; alreadyStarted: boolean; subscription: 'cancelled' | 'skipped' }> {
  const arn = config().accountErasureStateMachineArn;
  if (!arn) throw new WorkflowUnavailableError('Account deletion is not configured here.');
  // The subscription ends first (the account function is the one holder of the Stripe keys): if Stripe cannot be
  // reached, nothing is deleted and the creator clicks again. Once the erasure has removed the profile there is no
  // plan left to read, so a repeated click cancels nothing.
  const plan = await readStoredPlan(input.userId);
  const subscription = plan ? await billing.cancelForErasure(plan) : 'skipped';
  try {
    return { executionArn: await startWorkflow(arn, `erase-${input.userId}`, input), alreadyStarted: false, subscription };
  } catch (err) {
    if ((err as Error).name === 'ExecutionAlreadyExists') return { executionArn: '', alreadyStarted: true, subscription };
    throw err;
  }
}

// ---------------------------------------------------------------- the workflow's last task (the others: erasure-steps.ts)

/** EraseReport: tells the (former) address that the account is gone: the workflow's "done". */
export async function reportErasure(input: ErasureInput, now = new Date()): Promise<{ status: 'done'; at: string }> {
  await mailSender().send({
    to: input.email,
    from: { name: 'Vigil', address: 'accounts@vigil.invalid' },
    subject: 'Your Vigil account is deleted',
    text: [
      'Your Vigil account and everything stored with it are deleted: profile, scans, results, cases, notices,',
      'monitors, alerts, files and your sign-in. Monitors no longer run and no more e-mails will come from them.',
      '',
      'You can sign up again with this address at any time; it will be a new, empty account.',
    ].join('\n'),
    headers: { 'X-Vigil-Account': 'erasure-done' },
  });
  return { status: 'done', at: now.toISOString() };
}
