import { removeIdentity } from '../../adapters/identity/directory';
import { deleteMonitorSchedule } from '../../adapters/scheduler';
import { FINAL_SEARCH_STATUSES } from '../../../shared/schemas/search';
import { MONITOR } from '../../store/entities/monitor';
import * as scanSlots from '../../store/entities/scan-slot';
import { SEARCH, statusOf } from '../../store/entities/search';
import { deleteUserItems, ownedIds } from '../../store/entities/user-data';
import { deleteUserSessions } from '../sessions';
import type { ErasureInput } from './erasure';
import { deleteFiles, searchPrefixes, userPrefixes } from './files';

/*
 * The account erasure workflow's first four tasks (the workflow and its last task, which mails: erasure.ts). Apart
 * from the mail and the confirmation link, so that these functions carry neither (infra/bundling/functions.test.ts,
 * "grants follow the code").
 */

/** Items one EraseItems task deletes before handing back (well inside its time limit). */
const ERASE_BATCH = 2000;

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
