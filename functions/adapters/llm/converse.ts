import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { ChatHistoryEntry } from '../../../shared/help/chat';
import { captureClient } from '../../lib/tracer';
import { toConverseMessages } from './converse-messages';

/** One model turn: the system prompt, the conversation so far and the new message. */
export interface ConverseRequest {
  system: string;
  history: readonly ChatHistoryEntry[];
  message: string;
  maxTokens: number;
  temperature: number;
}

/** What the model said: text, a refusal by the provider's own safety layer, or nothing usable. */
export type ConverseOutcome = { kind: 'text'; text: string } | { kind: 'blocked' } | { kind: 'empty'; stopReason?: string };

/** The port the assistant talks to a model through; it throws when the model cannot be reached. */
export type Converse = (request: ConverseRequest) => Promise<ConverseOutcome>;

/** Stop reasons that mean Bedrock's own safety layer blocked the exchange. */
const BLOCKED = new Set(['guardrail_intervened', 'content_filtered']);

/** Bedrock's Converse API behind the port. */
export function bedrockConverse(client: BedrockRuntimeClient, modelId: string): Converse {
  return async (request) => {
    const output = await client.send(
      new ConverseCommand({
        modelId,
        system: [{ text: request.system }],
        messages: toConverseMessages(request.history, request.message),
        inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
      }),
    );
    if (output.stopReason && BLOCKED.has(output.stopReason)) return { kind: 'blocked' };
    const text = (output.output?.message?.content ?? [])
      .map((block) => block.text ?? '')
      .join('')
      .trim();
    return text ? { kind: 'text', text } : { kind: 'empty', stopReason: output.stopReason };
  };
}

export interface BedrockSettings {
  modelId: string;
  region: string;
  endpoint?: string;
  maxAttempts: number;
  requestTimeoutMs: number;
}

/** The port on a traced Bedrock client of its own. */
export function createBedrockConverse(settings: BedrockSettings): Converse {
  const client = captureClient(
    new BedrockRuntimeClient({
      region: settings.region,
      endpoint: settings.endpoint,
      maxAttempts: settings.maxAttempts,
      requestHandler: { requestTimeout: settings.requestTimeoutMs },
    }),
  );
  return bedrockConverse(client, settings.modelId);
}
