import type { ChatHistoryEntry } from '@shared/help/chat';
import { MAX_HISTORY_MESSAGES } from '@shared/help/chat';

/** One message of the conversation as the widget keeps it (PRODUCT.md section 3, "Chat message"). */
export interface ChatMessage {
  id: string;
  content: string;
  role: 'user' | 'assistant';
  timestamp: Date;
}

/** What the widget says when a reply could not be fetched (PRODUCT.md section 8). */
export const CHAT_FAILURE_REPLY = "Sorry, I'm having trouble connecting right now. Please try again in a moment.";

let sequence = 0;

/** A new message stamped now; ids only need to be unique within the page (they are React keys). */
export function makeMessage(role: ChatMessage['role'], content: string, now: Date = new Date()): ChatMessage {
  sequence += 1;
  return { id: `${now.getTime()}-${sequence}`, content, role, timestamp: now };
}

/**
 * The `conversationHistory` of a request: the last 6 messages before the one being sent (PRODUCT.md section 9), as
 * `{role, content}` only; ids and timestamps mean nothing to the assistant.
 */
export function historyForRequest(messages: readonly ChatMessage[]): ChatHistoryEntry[] {
  return messages.slice(-MAX_HISTORY_MESSAGES).map(({ role, content }) => ({ role, content }));
}

/**
 * The text to send, or `null` when nothing may be sent (PRODUCT.md section 4): an empty or blank input, or any input
 * while the previous reply is still pending.
 */
export function sendableText(input: string, pending: boolean): string | null {
  const text = input.trim();
  if (!text || pending) return null;
  return text;
}
