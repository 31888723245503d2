import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { BedrockAssistant } from '../../adapters/llm/bedrock-assistant';
import type { Assistant } from './assistant';
import { OfflineAssistant } from './offline-assistant';
import { assistantConfig, type AssistantConfig } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

/** Bedrock calls per question: one retry (a chat user is waiting, and the offline answer is the fallback anyway). */
export const BEDROCK_MAX_ATTEMPTS = 2;

/**
 * Picks the assistant by configuration: Bedrock when a model id is set, otherwise the offline assistant.
 * This is the composition root of the assistant (the one place that knows the Bedrock adapter); call it
 * once per Lambda module, not per request.
 */
export function createAssistant(config: AssistantConfig = assistantConfig()): Assistant {
  if (!config.bedrockModelId) return new OfflineAssistant();
  const client = captureClient(new BedrockRuntimeClient({
    region: config.region,
    endpoint: config.bedrockEndpoint,
    maxAttempts: BEDROCK_MAX_ATTEMPTS,
    requestHandler: { requestTimeout: config.requestTimeoutMs },
  }));
  return new BedrockAssistant({ client, modelId: config.bedrockModelId });
}
