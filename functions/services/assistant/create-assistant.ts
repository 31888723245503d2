import { createBedrockConverse } from '../../adapters/llm/converse';
import { assistantConfig, type AssistantConfig } from '../../lib/config';
import type { Assistant } from './assistant';
import { ModelAssistant } from './model-assistant';
import { OfflineAssistant } from './offline-assistant';

/** Bedrock calls per question: one retry (a chat user is waiting, and the offline answer is the fallback anyway). */
export const BEDROCK_MAX_ATTEMPTS = 2;

/**
 * Picks the assistant by configuration: Bedrock's Converse when a model id is set, otherwise the offline
 * assistant. The composition root of the assistant; call it once per Lambda module, not per request.
 */
export function createAssistant(config: AssistantConfig = assistantConfig()): Assistant {
  if (!config.bedrockModelId) return new OfflineAssistant();
  const converse = createBedrockConverse({
    modelId: config.bedrockModelId,
    region: config.region,
    endpoint: config.bedrockEndpoint,
    maxAttempts: BEDROCK_MAX_ATTEMPTS,
    requestTimeoutMs: config.requestTimeoutMs,
  });
  return new ModelAssistant({ converse, modelId: config.bedrockModelId });
}
