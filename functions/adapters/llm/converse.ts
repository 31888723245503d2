import { BedrockRuntimeClient, ConverseCommand, type ContentBlock, type Message, type Tool } from '@aws-sdk/client-bedrock-runtime';
import type { ChatHistoryEntry } from '../../../shared/help/chat';
import { captureClient } from '../../lib/tracer';
import { toConverseMessages } from './converse-messages';

/** A tool the model may call: its name, what it answers, and its input as JSON Schema. */
export interface ConverseTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** One call the model asked for. */
export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

/** A round of tool use: what the model asked for (with any text it said first) and what the tools returned. */
export interface ToolExchange {
  text?: string;
  calls: ToolCall[];
  results: { id: string; output: unknown; error?: boolean }[];
}

/**
 * One model turn: the system prompt, the conversation so far and the new message; with tools, the tools the
 * model may call and the rounds of tool use of this turn so far (they follow the new message).
 */
export interface ConverseRequest {
  system: string;
  history: readonly ChatHistoryEntry[];
  message: string;
  maxTokens: number;
  temperature: number;
  tools?: readonly ConverseTool[];
  exchanges?: readonly ToolExchange[];
}

/** What the model said: text, calls of tools, a refusal by the provider's own safety layer, or nothing usable. */
export type ConverseOutcome =
  | { kind: 'text'; text: string }
  | { kind: 'tool_use'; calls: ToolCall[]; text?: string }
  | { kind: 'blocked' }
  | { kind: 'empty'; stopReason?: string };

/** The tool rounds as Converse messages: the assistant's toolUse blocks, then the user's toolResult blocks. */
function exchangeMessages(exchanges: readonly ToolExchange[]): Message[] {
  return exchanges.flatMap((x): Message[] => [
    {
      role: 'assistant',
      content: [
        ...(x.text ? [{ text: x.text }] : []),
        ...x.calls.map((c): ContentBlock => ({ toolUse: { toolUseId: c.id, name: c.name, input: c.input as never } })),
      ],
    },
    {
      role: 'user',
      content: x.results.map(
        (r): ContentBlock => ({ toolResult: { toolUseId: r.id, content: [{ json: r.output as never }], ...(r.error ? { status: 'error' as const } : {}) } }),
      ),
    },
  ]);
}

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
        messages: [...toConverseMessages(request.history, request.message), ...exchangeMessages(request.exchanges ?? [])],
        inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
        ...(request.tools?.length
          ? {
              toolConfig: {
                tools: request.tools.map((t): Tool => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.inputSchema as never } } })),
              },
            }
          : {}),
      }),
    );
    if (output.stopReason && BLOCKED.has(output.stopReason)) return { kind: 'blocked' };
    const content = output.output?.message?.content ?? [];
    const text = content
      .map((block) => block.text ?? '')
      .join('')
      .trim();
    const calls = content.flatMap((block) =>
      block.toolUse?.toolUseId && block.toolUse.name ? [{ id: block.toolUse.toolUseId, name: block.toolUse.name, input: block.toolUse.input ?? {} }] : [],
    );
    if (output.stopReason === 'tool_use' && calls.length) return { kind: 'tool_use', calls, ...(text ? { text } : {}) };
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
