import { chatRequestSchema } from '../../../shared/help/chat';
import { areaHandler, json, userEndpoint } from '../../lib/http';
import { createAssistant } from '../../services/assistant';

/** One assistant per process: Bedrock when BEDROCK_MODEL_ID is configured, the offline help-centre assistant otherwise. */
const assistant = createAssistant();

const chat = userEndpoint({ body: chatRequestSchema }, async ({ body }) => json(await assistant.reply(body)));

export const handler = areaHandler('assistant', { chat });
