import { HELP_PAGES, type HelpPage } from './articles';

/** Pages with their own suggestion list; any other page gets `default`. */
export type SuggestionPage = '/' | '/search' | '/cases' | '/dmca' | '/settings' | '/account' | '/risk-dashboard' | '/help';

/**
 * Questions the chat widget offers when it opens (PRODUCT.md section 2, "Chat widget"), per page. Each one is a
 * question the help centre answers, so a click never ends in "I don't know".
 */
export const PAGE_SUGGESTIONS: Readonly<Record<SuggestionPage | 'default', readonly string[]>> = {
  '/': [
    'How do I run my first scan?',
    'What do the confidence badge colours mean?',
    'How do I mark a result as unauthorized or safe?',
    'How does bulk DMCA submission work?',
  ],
  '/search': [
    'Which file types can I upload as reference content?',
    'How long does a scan take?',
    'Why does my scan say some engines failed?',
    'How does Vigil find copies of my content?',
  ],
  '/cases': [
    'What do the case statuses mean?',
    'How long do takedowns take?',
    'How do I download a PDF of my DMCA notice?',
    'What happens if someone files a counter-notice?',
  ],
  '/dmca': [
    'Can I stay anonymous when I send a takedown notice?',
    'What is automated submission?',
    'How do I download a PDF of my DMCA notice?',
    'What is a DMCA takedown notice?',
  ],
  '/settings': [
    'What does the domain allowlist do?',
    'Which reasons can I give for an allowlisted domain?',
    'What are the content creator details in Settings for?',
    'Why do you need my address if I stay anonymous?',
  ],
  '/account': [
    'How much does each plan cost?',
    'How many scans and takedowns does each plan include?',
    'How do I upgrade my plan?',
    'Is there a money-back guarantee?',
  ],
  '/risk-dashboard': [
    'What does the Risk Analysis dashboard show?',
    'What does the domain allowlist do?',
    'How does bulk DMCA submission work?',
    'How long do takedowns take?',
  ],
  '/help': [
    'What is Vigil and how does it protect my content?',
    'How do I run my first scan?',
    'Can I stay anonymous when I send a takedown notice?',
    'How do I contact support?',
  ],
  default: [
    'How do I run my first scan?',
    'How long do takedowns take?',
    'Can I stay anonymous when I send a takedown notice?',
    'How much does each plan cost?',
  ],
};

/**
 * Maps a location the web sends (`/dmca/01J...?resultId=x`, `/account?tab=billing`, `settings/`) to the page
 * key the help content uses: query and hash dropped, first path segment kept. Unknown pages give `undefined`.
 */
export function pageKey(location: string | undefined | null): HelpPage | undefined {
  if (!location) return undefined;
  const path = location.split(/[?#]/, 1)[0]!.trim().toLowerCase();
  const first = path.split('/').filter(Boolean)[0];
  const key = first ? `/${first}` : '/';
  return (HELP_PAGES as readonly string[]).includes(key) ? (key as HelpPage) : undefined;
}

/** The chat widget's opening suggestions for a page (the `default` list for pages without their own). */
export function suggestionsForPage(location: string | undefined | null): string[] {
  const key = pageKey(location);
  const list = key && key in PAGE_SUGGESTIONS ? PAGE_SUGGESTIONS[key as SuggestionPage] : PAGE_SUGGESTIONS.default;
  return [...list];
}
