import { ulid } from 'ulid';
import type { AuditAction, AuditEntry } from '../../../shared/schemas/platform';
import * as audit from '../../store/entities/audit';

/** Who made a change: the signed-in administrator. */
export interface Actor {
  userId: string;
  email: string;
}

/**
 * Records an administrator's change in the audit log (issue 26). Called after the change is stored; a failure
 * here fails the request (the change is made, but the administrator is told the record is missing), so no
 * change goes unrecorded silently.
 */
export async function recordAudit(
  actor: Actor,
  action: AuditAction,
  summary: string,
  opts: { targetId?: string; before?: unknown; after?: unknown; at?: Date } = {},
): Promise<AuditEntry> {
  const at = opts.at ?? new Date();
  const record: audit.AuditRecord = {
    id: ulid(at.getTime()),
    at: at.toISOString(),
    actorId: actor.userId,
    actorEmail: actor.email,
    action,
    summary,
    ...(opts.targetId ? { targetId: opts.targetId } : {}),
    ...(opts.before !== undefined ? { before: opts.before } : {}),
    ...(opts.after !== undefined ? { after: opts.after } : {}),
  };
  if (!(await audit.create(record))) throw new Error(`audit entry ${record.id} exists`);
  return toEntry(record);
}

const toEntry = ({ id, at, actorId, actorEmail, action, targetId, summary }: audit.AuditRecord): AuditEntry => ({
  id,
  at,
  actorId,
  actorEmail,
  action,
  ...(targetId ? { targetId } : {}),
  summary,
});

/** The newest audit entries for the dashboard. */
export async function listAudit(limit = 50): Promise<AuditEntry[]> {
  return (await audit.listNewest(limit)).map(toEntry);
}
