import {
  GET_SUGGESTIONS_MESSAGE,
  MAX_HISTORY_ENTRY_CHARS,
  MAX_HISTORY_MESSAGES,
  MAX_MESSAGE_CHARS,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  type ChatHistoryEntry,
} from '../../../shared/help/chat';
import { pageKey, type HelpPage } from '../../../shared/help/knowledge-base';
import { ValidationError } from '../../lib/errors';
import type { AssistantRequest } from './assistant';

/** A request after the input limits: what every assistant implementation works from. */
export interface NormalisedRequest {
  message: string;
  /** True for the widget's `_get_suggestions` call. */
  suggestionsOnly: boolean;
  /** The page key (`/dmca` for `/dmca/123?x=y`), or undefined for a page the help content does not know. */
  page: HelpPage | undefined;
  /** At most the last 6 messages, each cut to MAX_HISTORY_ENTRY_CHARS, empty ones dropped. */
  history: ChatHistoryEntry[];
}

/**
 * Applies the chat input limits. The HTTP layer parses the same rules with `chatRequestSchema`; they are
 * enforced again here so every caller of the port (tests, other services) gets the same guarantees.
 * Throws `ValidationError` for an empty message or one longer than MAX_MESSAGE_CHARS (2000).
 */
export function normaliseRequest(request: AssistantRequest): NormalisedRequest {
  const message = typeof request.message === 'string' ? request.message.trim() : '';
  if (!message) throw new ValidationError(MESSAGE_REQUIRED, [{ path: 'body.message', message: MESSAGE_REQUIRED }]);
  if (message.length > MAX_MESSAGE_CHARS) {
    throw new ValidationError(MESSAGE_TOO_LONG, [{ path: 'body.message', message: MESSAGE_TOO_LONG }]);
  }
  const history = (request.context?.conversationHistory ?? [])
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string' && m.content.trim())
    .slice(-MAX_HISTORY_MESSAGES)
    .map((m) => ({ role: m.role, content: truncate(m.content.trim(), MAX_HISTORY_ENTRY_CHARS) }));
  return {
    message,
    suggestionsOnly: message === GET_SUGGESTIONS_MESSAGE,
    page: pageKey(request.context?.page),
    history,
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
