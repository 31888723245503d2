import { sendGroup, type GroupSent } from '../../services/submissions/grouped-submission';
import { traced } from '../../lib/tracer';
import type { BulkSendGroupInput } from './types';

/**
 * Task BulkSendGroup (one SendEachGroup iteration): one message to the group's recipient naming each of its
 * copies with its evidence, then each case's submission workflow, which records that message as its host notice
 * (services/submissions/grouped-submission.ts). A group of one, or without a contact, starts its workflow alone.
 */
export function sendRecipientGroup(input: BulkSendGroupInput): Promise<GroupSent> {
  return sendGroup(input.userId, input.bulkId, input.group);
}

export const handler = traced((input: BulkSendGroupInput) => sendRecipientGroup(input));
