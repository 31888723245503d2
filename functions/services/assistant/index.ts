/** The assistant behind `POST /api/chatbot`: the port, its two implementations and the factory. */
export type { Assistant, AssistantReply, AssistantRequest } from './assistant';
export { createAssistant, assistantConfigFromEnv, type AssistantConfig } from './create-assistant';
export { OfflineAssistant } from './offline-assistant';
export { BedrockAssistant } from '../../adapters/llm/bedrock-assistant';
export { knowledgeIndex, KnowledgeIndex } from './knowledge-index';
export { checkTopic } from './topic-gate';
export { HELP_CENTRE_PREFIX, OFF_TOPIC_REPLY, UNSAFE_REPLY, NOT_FOUND_REPLY } from './replies';
