import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { logger } from '../../lib/logger';
import type { AssistantReply } from '../../services/assistant/assistant';
import { BaseAssistant } from '../../services/assistant/base-assistant';
import { knowledgeIndex, type KnowledgeIndex } from '../../services/assistant/knowledge-index';
import { OfflineAssistant } from '../../services/assistant/offline-assistant';
import { OFF_TOPIC_REPLY } from '../../services/assistant/replies';
import type { NormalisedRequest } from '../../services/assistant/request-limits';
import { followUps, retrieve } from '../../services/assistant/retrieval';
import { buildSystemPrompt } from '../../services/assistant/system-prompt';
import { toConverseMessages } from './converse-messages';

export interface BedrockAssistantOptions {
  client: BedrockRuntimeClient;
  /** A Bedrock model id or inference profile id (BEDROCK_MODEL_ID). */
  modelId: string;
  index?: KnowledgeIndex;
  /** Upper bound of the reply length; about 400 words. */
  maxTokens?: number;
  /** Low: answers should stay close to the help-centre passages. */
  temperature?: number;
  /** How many retrieved passages ground the model. */
  groundingPassages?: number;
}

/** Stop reasons that mean Bedrock's own safety layer blocked the exchange. */
const BLOCKED = new Set(['guardrail_intervened', 'content_filtered']);

/**
 * The assistant on AWS: Bedrock's Converse API with a system prompt that holds Vigil's scope rules, the
 * caller's page and the top help-centre passages for the question. Input limits and the topic gate run
 * first (BaseAssistant), so refused messages never reach the model. If Bedrock fails (throttling, an
 * outage, a misconfigured model), the user still gets the offline help-centre answer and the failure is
 * logged, rather than a chat error.
 */
export class BedrockAssistant extends BaseAssistant {
  private readonly client: BedrockRuntimeClient;
  private readonly modelId: string;
  private readonly maxTokens: number;
  private readonly temperature: number;
  private readonly groundingPassages: number;
  private readonly offline: OfflineAssistant;

  constructor(options: BedrockAssistantOptions) {
    super(options.index ?? knowledgeIndex());
    this.client = options.client;
    this.modelId = options.modelId;
    this.maxTokens = options.maxTokens ?? 600;
    this.temperature = options.temperature ?? 0.2;
    this.groundingPassages = options.groundingPassages ?? 4;
    this.offline = new OfflineAssistant(this.index);
  }

  protected async answer(req: NormalisedRequest, pageSuggestions: string[]): Promise<AssistantReply> {
    const { hits, best } = retrieve(this.index, req, Math.max(5, this.groundingPassages));
    const suggestions = followUps(this.index, hits, pageSuggestions, { answeredId: best?.passage.id, message: req.message });
    let output: ConverseCommandOutput;
    try {
      output = await this.client.send(
        new ConverseCommand({
          modelId: this.modelId,
          system: [{ text: buildSystemPrompt({ page: req.page, passages: hits.slice(0, this.groundingPassages).map((h) => h.passage) }) }],
          messages: toConverseMessages(req.history, req.message),
          inferenceConfig: { maxTokens: this.maxTokens, temperature: this.temperature },
        }),
      );
    } catch (error) {
      logger.error('bedrock converse failed; answering from the help centre', { modelId: this.modelId, error: error as Error });
      return this.offlineAnswer(req);
    }
    if (output.stopReason && BLOCKED.has(output.stopReason)) return { reply: OFF_TOPIC_REPLY, suggestions };
    const text = (output.output?.message?.content ?? [])
      .map((block) => block.text ?? '')
      .join('')
      .trim();
    if (!text) {
      logger.warn('bedrock converse returned no text; answering from the help centre', { stopReason: output.stopReason });
      return this.offlineAnswer(req);
    }
    return { reply: text, suggestions };
  }

  private offlineAnswer(req: NormalisedRequest): Promise<AssistantReply> {
    return this.offline.reply({ message: req.message, context: { page: req.page, conversationHistory: req.history } });
  }
}
