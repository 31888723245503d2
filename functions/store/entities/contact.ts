import * as z from 'zod';
import { keys } from '../keys';
import { Cond, putItemIf, updateItem, withoutKeys, type Item } from '../table';

/**
 * A message sent with the contact form (`CONTACT#id`, listed newest first on gsi1 under its sender), stored
 * `received` before it is mailed to the support inbox, then marked `sent` (with the mail's id) or `mail-failed`.
 */
export const CONTACT = 'CONTACT';

export const CONTACT_STATUSES = ['received', 'sent', 'mail-failed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Version 1; items written before versions were stored have none and read as 1. */
const messageSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  /** The e-mail of the signed-in account (may differ from the one typed into the form). */
  accountEmail: z.string(),
  name: z.string(),
  email: z.string(),
  /** Empty when the sender gave none. */
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  /** The mail's id, once the support inbox's mail accepted it. */
  messageId: z.string().optional(),
  createdAt: z.string(),
});
export type ContactRecord = Omit<z.infer<typeof messageSchema>, 'v'>;

export function toItem(m: ContactRecord): Item {
  return { ...keys.entity(CONTACT, m.id), ...keys.ownedBy(m.userId, CONTACT, m.id), entity: CONTACT, v: 1, ...m };
}

export function fromItem(item: Item): ContactRecord {
  const { v: _v, ...m } = messageSchema.parse(withoutKeys(item));
  return m;
}

/** Stores a new message; false when its id is taken. */
export function create(m: ContactRecord): Promise<boolean> {
  return putItemIf(toItem(m), Cond.notExists());
}

/** Records how the mail went (and the mail's id when it was accepted). */
export async function setStatus(id: string, status: Exclude<ContactStatus, 'received'>, messageId?: string): Promise<void> {
  await updateItem(keys.entity(CONTACT, id), { set: { status, messageId } });
}
