import { withPlanPrices } from '../../../shared/help/prices';
import type { PlanPrices } from '../../../shared/schemas/platform';
import type { Converse, ToolExchange } from '../../adapters/llm/converse';
import { ACCOUNT_TOOL_SPECS, type AccountTools } from './account-tools';
import { logger } from '../../lib/logger';
import type { AssistantReply } from './assistant';
import { BaseAssistant } from './base-assistant';
import { knowledgeIndex, type KnowledgeIndex } from './knowledge-index';
import { OfflineAssistant } from './offline-assistant';
import { OFF_TOPIC_REPLY } from './replies';
import type { NormalisedRequest } from './request-limits';
import { followUps, retrieve } from './retrieval';
import { buildSystemPrompt } from './system-prompt';

/** Rounds of tool use one question may take before the model must answer (usage, then a case, then one more). */
export const MAX_TOOL_ROUNDS = 3;

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

  protected async answer(req: NormalisedRequest, pageSuggestions: string[], account?: AccountTools, prices?: PlanPrices): Promise<AssistantReply> {
    const { hits, best } = retrieve(this.index, req, Math.max(5, this.groundingPassages));
    const suggestions = followUps(this.index, hits, pageSuggestions, { answeredId: best?.passage.id, message: req.message });
    const system = buildSystemPrompt({
      page: req.page,
      // The passages name launch prices; the model is grounded on the prices billing charges now.
      passages: hits.slice(0, this.groundingPassages).map((h) => ({ ...h.passage, text: withPlanPrices(h.passage.text, prices) })),
      accountTools: account !== undefined,
    });
    const exchanges: ToolExchange[] = [];
    // Each round the model either answers or asks for tools; their outputs go back in the next round.
    for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
      let outcome;
      try {
        outcome = await this.converse({
          system,
          history: req.history,
          message: req.message,
          maxTokens: this.maxTokens,
          temperature: this.temperature,
          ...(account ? { tools: ACCOUNT_TOOL_SPECS, exchanges } : {}),
        });
      } catch (error) {
        logger.error('model converse failed; answering from the help centre', { modelId: this.modelId, error: error as Error });
        return this.offlineAnswer(req, account, prices);
      }
      if (outcome.kind === 'blocked') return { reply: OFF_TOPIC_REPLY, suggestions };
      if (outcome.kind === 'text') return { reply: outcome.text, suggestions };
      if (outcome.kind === 'empty') {
        logger.warn('model converse returned no text; answering from the help centre', { stopReason: outcome.stopReason });
        return this.offlineAnswer(req, account, prices);
      }
      if (!account) break;
      const results = await Promise.all(
        outcome.calls.map(async (c) => {
          const output = await account.run(c.name, c.input);
          return { id: c.id, output, ...('error' in output ? { error: true } : {}) };
        }),
      );
      exchanges.push({ text: outcome.text, calls: outcome.calls, results });
    }
    logger.warn('model asked for tools without answering; answering offline', { rounds: exchanges.length });
    return this.offlineAnswer(req, account, prices);
  }

  private offlineAnswer(req: NormalisedRequest, account?: AccountTools, prices?: PlanPrices): Promise<AssistantReply> {
    return this.offline.reply({ message: req.message, context: { page: req.page, conversationHistory: req.history } }, account, prices);
  }
}
