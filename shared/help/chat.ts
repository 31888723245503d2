import * as z from 'zod';

/** Longest chat message accepted (characters after trimming); the widget can use it as its input's maxLength. */
export const MAX_MESSAGE_CHARS = 2000;
/** How many earlier messages the assistant reads (PRODUCT.md section 9: the widget sends the last 6). */
export const MAX_HISTORY_MESSAGES = 6;
/** Earlier messages are cut to this length before they reach a model; long pasted text adds cost, not meaning. */
export const MAX_HISTORY_ENTRY_CHARS = 1000;
/** The message the widget sends on opening to fetch the page's suggestions (PRODUCT.md section 7). */
export const GET_SUGGESTIONS_MESSAGE = '_get_suggestions';

export const MESSAGE_REQUIRED = 'Type a message to send.';
export const MESSAGE_TOO_LONG = `Your message is too long: please keep it under ${MAX_MESSAGE_CHARS} characters.`;

export const chatRoleSchema = z.enum(['user', 'assistant']);

/** One earlier message of the conversation, as the widget keeps it. */
export const chatHistoryEntrySchema = z.object({
  role: chatRoleSchema,
  // Bounded only to keep request bodies sane; the assistant trims each entry to MAX_HISTORY_ENTRY_CHARS.
  content: z.string().max(20_000),
});

/**
 * Body of `POST /api/chatbot` (PRODUCT.md section 7). A longer history than 6 is accepted and cut to the last 6
 * by the assistant, so an older widget never gets a 400 for it.
 */
export const chatRequestSchema = z.object({
  message: z.string().trim().min(1, MESSAGE_REQUIRED).max(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG),
  context: z
    .object({
      page: z.string().max(500).default('/'),
      conversationHistory: z.array(chatHistoryEntrySchema).max(100).default([]),
    })
    .default({ page: '/', conversationHistory: [] }),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatHistoryEntry = z.infer<typeof chatHistoryEntrySchema>;

/** Response of `POST /api/chatbot`: `reply` is empty for `_get_suggestions`. */
export const chatReplySchema = z.object({
  reply: z.string(),
  suggestions: z.array(z.string()),
});
export type ChatReply = z.infer<typeof chatReplySchema>;
