import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { removeIdentity } from '../../adapters/identity/directory';
import { deleteMonitorSchedule } from '../../adapters/scheduler';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { startWorkflow } from '../../adapters/workflows';
import { config, perConfig } from '../../lib/config';
import { WorkflowUnavailableError } from '../../lib/errors';
import { FINAL_SEARCH_STATUSES } from '../../../shared/schemas/search';
import { MONITOR } from '../../store/entities/monitor';
import * as profiles from '../../store/entities/profile';
import * as scanSlots from '../../store/entities/scan-slot';
import * as signingKeys from '../../store/entities/signing-key';
import { SEARCH, statusOf } from '../../store/entities/search';
import { deleteUserItems, ownedIds } from '../../store/entities/user-data';
import { deleteUserSessions, findStoredSessionById } from '../sessions';
import type { BillingPort } from '../billing/billing-port';
import { readStoredPlan } from '../billing/plan-store';
import { deleteFiles, searchPrefixes, userPrefixes } from './files';

/**
 * Account erasure (issue 27; docs/ARCHITECTURE.md, "Data the creator controls"). The creator asks in Account
 * settings; a link mailed to their address confirms it (so a stolen session alone cannot erase an account, and
 * the address is proven theirs); the confirmation starts the erasure workflow
 * (infra/workflows/account-erasure-definition.ts), whose tasks are the functions below, in order:
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
/** Items one EraseItems task deletes before handing back (well inside its time limit). */
export const ERASE_BATCH = 2000;

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

// ---------------------------------------------------------------- the workflow's tasks

/** EraseBegin: signs the user out everywhere and stops new sign-ins; `busy` while a scan still runs. */
export async function beginErasure(input: ErasureInput): Promise<{ busy: boolean; sessions: number }> {
  if (input.idpUsername) await removeIdentity(input.idpUsername, { delete: false });
  const sessions = await deleteUserSessions(input.userId);
  // Each monitor's EventBridge schedule is not an item of the table: deleted first, so no run starts for a user
  // being erased (a schedule already gone is fine; the task is retried whole).
  for (const monitorId of await ownedIds(input.userId, MONITOR)) await deleteMonitorSchedule(monitorId);
  // A running scan would write results after the sweep: the workflow waits for its slot to be given back
  // (a scan ends within its workflow's timeout, and the reconciler frees a slot a crashed scan held).
  const slot = await scanSlots.get(input.userId);
  const status = slot ? await statusOf(slot.searchId) : undefined;
  const busy = slot !== undefined && status !== undefined && !(FINAL_SEARCH_STATUSES as readonly string[]).includes(status);
  return { busy, sessions };
}

/** EraseFiles: every object under the user's prefixes (versions included) and each of their scans' work/. */
export async function eraseFiles(input: ErasureInput): Promise<{ objects: number }> {
  let objects = 0;
  for (const searchId of await ownedIds(input.userId, SEARCH)) objects += await deleteFiles(searchPrefixes(input.userId, searchId).filter((p) => p.prefix.startsWith('work/')));
  objects += await deleteFiles(userPrefixes(input.userId));
  return { objects };
}

/** EraseItems: up to ERASE_BATCH items; the workflow calls it again while `more`. */
export function eraseItems(input: ErasureInput): Promise<{ deleted: number; more: boolean }> {
  return deleteUserItems(input.userId, ERASE_BATCH);
}

/** EraseIdentity: the identity in the user pool (a user it no longer has is done). */
export async function eraseIdentity(input: ErasureInput): Promise<{ identity: boolean }> {
  if (!input.idpUsername) return { identity: false };
  await removeIdentity(input.idpUsername, { delete: true });
  return { identity: true };
}

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
