import { suggestionsForPage } from '../../../shared/help/knowledge-base';
import type { PlanPrices } from '../../../shared/schemas/platform';
import type { AccountTools } from './account-tools';
import type { Assistant, AssistantReply, AssistantRequest } from './assistant';
import { knowledgeIndex, type KnowledgeIndex } from './knowledge-index';
import { refusalFor } from './replies';
import { normaliseRequest, type NormalisedRequest } from './request-limits';
import { checkTopic } from './topic-gate';

/**
 * What every assistant does before it answers: apply the input limits, serve `_get_suggestions` without
 * any model, and refuse what the topic gate refuses. Subclasses only answer allowed messages.
 */
export abstract class BaseAssistant implements Assistant {
  constructor(protected readonly index: KnowledgeIndex = knowledgeIndex()) {}

  async reply(request: AssistantRequest, account?: AccountTools, prices?: PlanPrices): Promise<AssistantReply> {
    const req = normaliseRequest(request);
    const pageSuggestions = suggestionsForPage(req.page);
    if (req.suggestionsOnly) return { reply: '', suggestions: pageSuggestions };
    const verdict = checkTopic(req.message);
    if (!verdict.allowed) return { reply: refusalFor(verdict), suggestions: pageSuggestions.slice(0, 3) };
    return this.answer(req, pageSuggestions, account, prices);
  }

  /** Answers a message that passed the limits and the topic gate. */
  protected abstract answer(req: NormalisedRequest, pageSuggestions: string[], account?: AccountTools, prices?: PlanPrices): Promise<AssistantReply>;
}
