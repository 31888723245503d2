import { GET_SUGGESTIONS_MESSAGE } from '../../../shared/help/chat';
import { recordChatMessage } from '../metrics';
import type { Assistant, AssistantReply, AssistantRequest } from './assistant';
import { assistantConfigFromEnv, createAssistant } from './create-assistant';

/** One assistant per process: Bedrock when BEDROCK_MODEL_ID is configured, the offline help-centre assistant otherwise. */
let current: { assistant: Assistant; usesBedrock: boolean } | undefined;

/** A chat reply for `POST /api/chatbot`; counts the message (suggestion requests are not messages). */
export async function chat(req: AssistantRequest): Promise<AssistantReply> {
  current ??= { assistant: createAssistant(), usesBedrock: assistantConfigFromEnv().bedrockModelId !== undefined };
  const reply = await current.assistant.reply(req);
  if (req.message !== GET_SUGGESTIONS_MESSAGE) await recordChatMessage({ bedrock: current.usesBedrock });
  return reply;
}
