import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { BedrockAssistant } from '../../adapters/llm/bedrock-assistant';
import type { Assistant } from './assistant';
import { OfflineAssistant } from './offline-assistant';
import { environment, type Environment } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

export interface AssistantConfig {
  /** Bedrock model or inference profile id; when absent the offline (help-centre) assistant is used. */
  bedrockModelId?: string;
  region: string;
  /** Endpoint override (a VPC endpoint, or a loopback fixture in tests). */
  bedrockEndpoint?: string;
  /** Per-call time limit; API Gateway gives up after 30 s, so stay well below. */
  requestTimeoutMs: number;
}

/** Bedrock calls per question: one retry (a chat user is waiting, and the offline answer is the fallback anyway). */
export const BEDROCK_MAX_ATTEMPTS = 2;

const envSchema = z.object({
  BEDROCK_MODEL_ID: z.string().trim().optional(),
  BEDROCK_REGION: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  BEDROCK_ENDPOINT: z.string().url().optional(),
  BEDROCK_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
});

/**
 * Reads the assistant's configuration from the environment: BEDROCK_MODEL_ID (unset or empty: offline
 * assistant), BEDROCK_REGION (default AWS_REGION), BEDROCK_ENDPOINT (optional), BEDROCK_TIMEOUT_MS.
 */
export function assistantConfigFromEnv(env: Environment = environment()): AssistantConfig {
  const e = envSchema.parse(env);
  return {
    bedrockModelId: e.BEDROCK_MODEL_ID || undefined,
    region: e.BEDROCK_REGION ?? e.AWS_REGION,
    bedrockEndpoint: e.BEDROCK_ENDPOINT,
    requestTimeoutMs: e.BEDROCK_TIMEOUT_MS,
  };
}

/**
 * Picks the assistant by configuration: Bedrock when a model id is set, otherwise the offline assistant.
 * This is the composition root of the assistant (the one place that knows the Bedrock adapter); call it
 * once per Lambda module, not per request.
 */
export function createAssistant(config: AssistantConfig = assistantConfigFromEnv()): Assistant {
  if (!config.bedrockModelId) return new OfflineAssistant();
  const client = captureClient(new BedrockRuntimeClient({
    region: config.region,
    endpoint: config.bedrockEndpoint,
    maxAttempts: BEDROCK_MAX_ATTEMPTS,
    requestHandler: { requestTimeout: config.requestTimeoutMs },
  }));
  return new BedrockAssistant({ client, modelId: config.bedrockModelId });
}
