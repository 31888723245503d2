import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import { chat as reply } from '../../services/assistant/chat';

const chat = userEndpoint(contract.chat, async ({ body, caller }) => json(await reply(caller.userId, body)));

export const handler = areaHandler('assistant', [chat]);
