import { SUPPORT_EMAIL } from '../../../shared/help/knowledge-base';
import type { GateVerdict } from './topic-gate';

/** Every answer the offline assistant takes from the knowledge base starts with this, so users know the source. */
export const HELP_CENTRE_PREFIX = 'From the Vigil help centre:';

export const OFF_TOPIC_REPLY =
  "Sorry, I can't help with that. I'm Vigil's assistant, so I only help with protecting your content, DMCA takedowns and using Vigil. " +
  'Try asking about running a scan, sending a takedown notice or your plan.';

export const UNSAFE_REPLY =
  "Sorry, I can't help with that request. I only help with protecting your own content, DMCA takedowns and using Vigil, " +
  'and I never help identify, contact or target the people involved: Vigil files notices under our company identity and removes the copies instead. ' +
  `If something worries you, contact our team at ${SUPPORT_EMAIL}.`;

export const CHILD_SAFETY_REPLY =
  "I can't help with that here. If you have found sexual images or videos of someone under 18, do not download or share them: " +
  'report them to the NCMEC CyberTipline (report.cybertip.org) or to your local law enforcement. ' +
  'If the images are of you when you were under 18, NCMEC\'s Take It Down service (takeitdown.ncmec.org) can help get them removed.';

export const NOT_FOUND_REPLY =
  "I couldn't find an answer to that in the Vigil help centre. You can browse every article and the FAQ on the Help page (/help), " +
  `or send your question to our team from the Contact page (/contact) or at ${SUPPORT_EMAIL}. ` +
  'I can help with scans, reviewing results, DMCA takedowns, your settings and your plan.';

export const GREETING_REPLY =
  "Hi! I'm Vigil's assistant. I answer questions about protecting your content, DMCA takedowns and using Vigil, from the Vigil help centre. What would you like to know?";

export const THANKS_REPLY = "You're welcome! Is there anything else I can help you with?";

/** The reply for a message the topic gate refused. */
export function refusalFor(verdict: Extract<GateVerdict, { allowed: false }>): string {
  switch (verdict.reason) {
    case 'child-safety':
      return CHILD_SAFETY_REPLY;
    case 'unsafe':
      return UNSAFE_REPLY;
    default:
      return OFF_TOPIC_REPLY;
  }
}
