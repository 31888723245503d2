import { DEFAULT_MAINTENANCE_MESSAGE, type Maintenance } from '../../../shared/schemas/platform';
import { ForbiddenError } from '../../lib/errors';
import * as settings from '../../store/entities/setting';
import { recordAudit, type Actor } from './audit';

/**
 * Maintenance mode (issue 26): while on, no new account is created (services/users.ts refuses a first sign-in,
 * the local IdP refuses a new account), and the sign-in pages say so. Existing accounts sign in as usual.
 */

/** The refusal of a new account while maintenance mode is on (503 would read as an outage; this is a decision). */
export class RegistrationsClosedError extends ForbiddenError {
  constructor(message: string) {
    super(message, 'REGISTRATIONS_CLOSED');
  }
}

export async function getMaintenance(): Promise<Maintenance> {
  const stored = await settings.get('maintenance');
  return stored ?? { enabled: false, message: DEFAULT_MAINTENANCE_MESSAGE };
}

/** Throws RegistrationsClosedError while maintenance mode is on. */
export async function assertRegistrationsOpen(): Promise<void> {
  const m = await getMaintenance();
  if (m.enabled) throw new RegistrationsClosedError(m.message);
}

/** Turns maintenance mode on or off (the administrator's Configure), recorded in the audit log. */
export async function setMaintenance(actor: Actor, input: { enabled: boolean; message?: string }, now = new Date()): Promise<Maintenance> {
  const before = await getMaintenance();
  const value = {
    enabled: input.enabled,
    message: input.message?.trim() || before.message || DEFAULT_MAINTENANCE_MESSAGE,
    updatedAt: now.toISOString(),
    updatedBy: actor.userId,
  };
  await settings.put('maintenance', value);
  await recordAudit(actor, 'maintenance', value.enabled ? `Turned maintenance mode on: "${value.message}"` : 'Turned maintenance mode off', {
    before: { enabled: before.enabled, message: before.message },
    after: { enabled: value.enabled, message: value.message },
    at: now,
  });
  return value;
}
