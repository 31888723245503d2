import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../../lib/http';
import { assistantConfigFromEnv, createAssistant } from '../../services/assistant';
import { recordChatMessage } from '../../services/metrics';
import { GET_SUGGESTIONS_MESSAGE } from '../../../shared/help/chat';

/** One assistant per process: Bedrock when BEDROCK_MODEL_ID is configured, the offline help-centre assistant otherwise. */
const assistant = createAssistant();
const usesBedrock = assistantConfigFromEnv().bedrockModelId !== undefined;

const chat = userEndpoint(contract.chat, async ({ body }) => {
  const reply = await assistant.reply(body);
  if (body.message !== GET_SUGGESTIONS_MESSAGE) await recordChatMessage({ bedrock: usesBedrock });
  return json(reply);
});

export const handler = areaHandler('assistant', [chat]);
