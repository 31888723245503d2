import { withPlanPrices } from '../../../shared/help/prices';
import type { PlanPrices } from '../../../shared/schemas/platform';
import { accountIntent, capabilityReply, phraseToolOutput } from './account-intents';
import type { AccountTools } from './account-tools';
import type { AssistantReply } from './assistant';
import { BaseAssistant } from './base-assistant';
import type { PassageHit } from './knowledge-index';
import { GREETING_REPLY, HELP_CENTRE_PREFIX, NOT_FOUND_REPLY, THANKS_REPLY } from './replies';
import type { NormalisedRequest } from './request-limits';
import { followUps, retrieve } from './retrieval';

const GREETING = /^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening))( there)?[\s!.,:)]*$/i;
// A short thank-you that asks nothing ("great, thanks!"); "thanks, how do I cancel?" is a question.
const THANKS = /^(?!.*\?)(.{0,15}\b)?(thanks?|thank you|thx|ty|cheers)\b.{0,25}$/i;

/**
 * The assistant used when no Bedrock model is configured (locally, in tests, and as the Bedrock assistant's
 * fallback): it answers from the help knowledge base with the best-matching FAQ answer or article
 * paragraph, says it is quoting the help centre, and points to Help and Contact when nothing matches. Questions
 * about the caller's own account are read for their intent and answered from the account tools
 * (account-intents.ts), capability questions from what the product does.
 */
export class OfflineAssistant extends BaseAssistant {
  protected async answer(req: NormalisedRequest, pageSuggestions: string[], account?: AccountTools, prices?: PlanPrices): Promise<AssistantReply> {
    if (GREETING.test(req.message)) return { reply: GREETING_REPLY, suggestions: pageSuggestions.slice(0, 3) };
    if (THANKS.test(req.message)) return { reply: THANKS_REPLY, suggestions: pageSuggestions.slice(0, 3) };
    const capability = capabilityReply(req.message);
    if (capability) return { reply: capability, suggestions: pageSuggestions.slice(0, 3) };
    const intent = account ? accountIntent(req.message) : undefined;
    if (account && intent) {
      return { reply: phraseToolOutput(await account.run(intent.name, intent.input)), suggestions: pageSuggestions.slice(0, 3) };
    }

    const { hits, best } = retrieve(this.index, req);
    const suggestions = followUps(this.index, hits, pageSuggestions, { answeredId: best?.passage.id, message: req.message });
    if (!best) return { reply: NOT_FOUND_REPLY, suggestions };
    return { reply: withPlanPrices(phrase(best), prices), suggestions };
  }
}

/** Words a help-centre passage as a chat answer, naming the article it comes from. */
export function phrase(hit: PassageHit): string {
  const { kind, text, title } = hit.passage;
  if (kind === 'faq') return `${HELP_CENTRE_PREFIX} ${text}`;
  return `${HELP_CENTRE_PREFIX} ${text} (More in "${title}" on the Help page.)`;
}
