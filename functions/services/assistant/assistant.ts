import type { ChatHistoryEntry, ChatReply } from '../../../shared/help/chat';
import type { PlanPrices } from '../../../shared/schemas/platform';
import type { AccountTools } from './account-tools';

/** What the chat widget sends (PRODUCT.md section 7: `{message, context: {page, conversationHistory}}`). */
export interface AssistantRequest {
  message: string;
  context?: {
    /** The web route the widget is open on, e.g. `/dmca/01J...?resultId=x`. */
    page?: string;
    /** Earlier messages, oldest first. Only the last 6 are read. */
    conversationHistory?: readonly ChatHistoryEntry[];
  };
}

/** `{reply, suggestions}`: `reply` is empty when only suggestions were asked for (`_get_suggestions`). */
export type AssistantReply = ChatReply;

/**
 * The assistant port behind `POST /api/chatbot`. Implementations: the offline assistant (answers from the
 * help knowledge base) and the Bedrock assistant (Converse API grounded in the same knowledge base).
 */
export interface Assistant {
  /**
   * Answers one chat message. Throws `ValidationError` for an empty or over-long message; refuses off-topic
   * and unsafe requests with a polite reply (never an error). With `account` (the caller's tools, bound to their
   * user id by the service, never taken from the request body), questions about the account are answered from
   * the caller's own data; without it they get the help centre's answer. `prices` are the plan prices billing
   * charges now (Pricing Updates): help passages, written with launch prices, are quoted and grounded with them.
   */
  reply(request: AssistantRequest, account?: AccountTools, prices?: PlanPrices): Promise<AssistantReply>;
}
