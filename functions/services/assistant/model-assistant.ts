import type { Converse } from '../../adapters/llm/converse';
import { logger } from '../../lib/logger';
import type { AssistantReply } from './assistant';
import { BaseAssistant } from './base-assistant';
import { knowledgeIndex, type KnowledgeIndex } from './knowledge-index';
import { OfflineAssistant } from './offline-assistant';
import { OFF_TOPIC_REPLY } from './replies';
import type { NormalisedRequest } from './request-limits';
import { followUps, retrieve } from './retrieval';
import { buildSystemPrompt } from './system-prompt';

export interface ModelAssistantOptions {
  converse: Converse;
  /** Named in the logs (a Bedrock model id or inference profile id). */
  modelId: string;
  index?: KnowledgeIndex;
  /** Upper bound of the reply length; about 400 words. */
  maxTokens?: number;
  /** Low: answers should stay close to the help-centre passages. */
  temperature?: number;
  /** How many retrieved passages ground the model. */
  groundingPassages?: number;
}

/**
 * The assistant with a model: a system prompt that holds Vigil's scope rules, the caller's page and the top
 * help-centre passages for the question. Input limits and the topic gate run first (BaseAssistant), so refused
 * messages never reach the model. If the model fails (throttling, an outage, a misconfigured model), the user
 * still gets the offline help-centre answer and the failure is logged, rather than a chat error.
 */
export class ModelAssistant extends BaseAssistant {
  private readonly converse: Converse;
  private readonly modelId: string;
  private readonly maxTokens: number;
  private readonly temperature: number;
  private readonly groundingPassages: number;
  private readonly offline: OfflineAssistant;

  constructor(options: ModelAssistantOptions) {
    super(options.index ?? knowledgeIndex());
    this.converse = options.converse;
    this.modelId = options.modelId;
    this.maxTokens = options.maxTokens ?? 600;
    this.temperature = options.temperature ?? 0.2;
    this.groundingPassages = options.groundingPassages ?? 4;
    this.offline = new OfflineAssistant(this.index);
  }

  protected async answer(req: NormalisedRequest, pageSuggestions: string[]): Promise<AssistantReply> {
    const { hits, best } = retrieve(this.index, req, Math.max(5, this.groundingPassages));
    const suggestions = followUps(this.index, hits, pageSuggestions, { answeredId: best?.passage.id, message: req.message });
    let outcome;
    try {
      outcome = await this.converse({
        system: buildSystemPrompt({ page: req.page, passages: hits.slice(0, this.groundingPassages).map((h) => h.passage) }),
        history: req.history,
        message: req.message,
        maxTokens: this.maxTokens,
        temperature: this.temperature,
      });
    } catch (error) {
      logger.error('model converse failed; answering from the help centre', { modelId: this.modelId, error: error as Error });
      return this.offlineAnswer(req);
    }
    if (outcome.kind === 'blocked') return { reply: OFF_TOPIC_REPLY, suggestions };
    if (outcome.kind === 'empty') {
      logger.warn('model converse returned no text; answering from the help centre', { stopReason: outcome.stopReason });
      return this.offlineAnswer(req);
    }
    return { reply: outcome.text, suggestions };
  }

  private offlineAnswer(req: NormalisedRequest): Promise<AssistantReply> {
    return this.offline.reply({ message: req.message, context: { page: req.page, conversationHistory: req.history } });
  }
}
