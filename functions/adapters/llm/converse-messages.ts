import type { Message } from '@aws-sdk/client-bedrock-runtime';
import type { ChatHistoryEntry } from '../../../shared/help/chat';

/**
 * Maps the chat history and the new message to Converse messages. Converse wants the conversation to start
 * with a user turn and roles to alternate, while the widget's history can start with the assistant's
 * greeting or hold two user messages in a row (a reply that failed). So: leading assistant turns are
 * dropped and consecutive turns of one role are merged into one message.
 */
export function toConverseMessages(history: readonly ChatHistoryEntry[], message: string): Message[] {
  const out: { role: 'user' | 'assistant'; text: string }[] = [];
  for (const turn of [...history, { role: 'user' as const, content: message }]) {
    const text = turn.content.trim();
    if (!text) continue;
    if (out.length === 0 && turn.role !== 'user') continue;
    const last = out[out.length - 1];
    if (last && last.role === turn.role) last.text = `${last.text}\n\n${text}`;
    else out.push({ role: turn.role, text });
  }
  return out.map((m) => ({ role: m.role, content: [{ text: m.text }] }));
}
