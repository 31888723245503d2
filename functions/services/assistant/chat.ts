import { GET_SUGGESTIONS_MESSAGE } from '../../../shared/help/chat';
import { withSupportEmail } from '../../../shared/help/support';
import { config } from '../../lib/config';
import { takeChatMessage } from '../allowances/rate-limits';
import { recordChatMessage } from '../metrics';
import { getPlanPrices } from '../platform/plan-prices';
import { accountTools } from './account-tools';
import type { Assistant, AssistantReply, AssistantRequest } from './assistant';
import { assistantConfig } from '../../lib/config';
import { createAssistant } from './create-assistant';

/** One assistant per process: Bedrock when BEDROCK_MODEL_ID is configured, the offline help-centre assistant otherwise. */
let current: { assistant: Assistant; usesBedrock: boolean } | undefined;

/**
 * A chat reply for `POST /api/chatbot`. Page suggestions are not messages; every message counts against the
 * hourly limit (429 + Retry-After) before the assistant runs, and is counted for the admin figures after.
 * The help texts name the support inbox by the sandbox token; the reply names the configured one (SUPPORT_EMAIL).
 * Questions about the caller's account are answered through tools bound to `userId` (account-tools.ts); prices are
 * the ones billing charges now (Pricing Updates), not the launch prices the help texts are written with.
 */
export async function chat(userId: string, req: AssistantRequest): Promise<AssistantReply> {
  const isMessage = req.message !== GET_SUGGESTIONS_MESSAGE;
  if (isMessage) await takeChatMessage(userId);
  current ??= { assistant: createAssistant(), usesBedrock: assistantConfig().bedrockModelId !== undefined };
  // The tools are bound to the signed-in caller here; nothing in the request can name another account.
  const prices = isMessage ? (await getPlanPrices()).prices : undefined;
  const reply = await current.assistant.reply(req, accountTools(userId), prices);
  if (isMessage) await recordChatMessage({ bedrock: current.usesBedrock });
  return { ...reply, reply: withSupportEmail(reply.reply, config().supportEmail) };
}
