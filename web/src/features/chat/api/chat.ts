import { chatReplySchema, GET_SUGGESTIONS_MESSAGE, type ChatReply, type ChatRequest } from '@shared/help/chat';
import { api } from '@/lib/api-client';
import { contract } from '@shared/contract';

/** `POST /api/chatbot`: asks the assistant; the reply carries follow-up suggestions. */
export async function askAssistant(body: ChatRequest): Promise<ChatReply> {
  return chatReplySchema.parse(await api(contract.chat, { body }));
}

/** The opening suggestions for a page: `POST /api/chatbot` with the `_get_suggestions` message (PRODUCT.md section 7). */
export async function fetchSuggestions(page: string): Promise<string[]> {
  const { suggestions } = await askAssistant({ message: GET_SUGGESTIONS_MESSAGE, context: { page, conversationHistory: [] } });
  return suggestions;
}
