/**
 * Vigil's help knowledge base: the FAQ the Help page renders, the help-centre articles, and the chat
 * widget's per-page suggestions. The assistant (functions/services/assistant) answers from the same content,
 * so the Help page and the chat never disagree. Pure data and functions: no Node or AWS imports.
 */
export { SUPPORT_EMAIL, withSupportEmail } from './support';
export { withPlanPrices } from './prices';
export { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqCategory, type FaqEntry } from './faq';
export { HELP_ARTICLES, HELP_PAGES, type HelpArticle, type HelpPage } from './articles';
export { PAGE_SUGGESTIONS, pageKey, suggestionsForPage } from './page-suggestions';
