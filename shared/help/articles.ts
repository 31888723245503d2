import { PLANS } from '../plans';
import { priceText } from './prices';
import { SUPPORT_EMAIL } from './support';

/** App pages the help content refers to; see `pageKey` in page-suggestions.ts for how a URL maps to one. */
export const HELP_PAGES = [
  '/',
  '/search',
  '/cases',
  '/dmca',
  '/settings',
  '/account',
  '/risk-dashboard',
  '/help',
  '/contact',
  '/pricing',
] as const;
export type HelpPage = (typeof HELP_PAGES)[number];

/** A help-centre article: longer than a FAQ answer, tied to the pages where it is most useful. */
export interface HelpArticle {
  id: string;
  title: string;
  /** Plain text; paragraphs are separated by a blank line, so a reader (or the assistant) can quote one. */
  body: string;
  /** Pages where this article matters most: the assistant ranks it higher there. */
  pages: HelpPage[];
}

const p = (...paragraphs: string[]) => paragraphs.join('\n\n');

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'running-a-scan',
    title: 'Running a scan',
    pages: ['/', '/search'],
    body: p(
      'A scan searches the web for unauthorized copies of your content. Start one from step 1 of the Dashboard or from the New Scan button in the navigation bar, which opens the Search page.',
      'Type your creator name in the name field. If you publish under several names or aliases, separate them with commas. To find copies posted without your name, upload reference files: images in JPG or PNG and videos in MP4 or MOV. You can add several files and remove any of them before you start. The Start Protection Scan button is enabled once you have entered a name or added at least one file.',
      'Vigil searches Google and Bing, across web pages, images and videos, and runs reverse image searches with your reference files. A progress card shows the search id, the engines and a countdown from 3 minutes; most scans take 2-5 minutes.',
      'When the scan completes, the Dashboard moves to the Review step. If an engine blocked the search, the results of the other engines are kept and the failed engines are listed; this is normal, so try again later.',
    ),
  },
  {
    id: 'reading-results',
    title: 'Reading your results and confidence badges',
    pages: ['/', '/search'],
    body: p(
      'Results are grouped in three tabs, Web Results, Images and Videos, each with a count badge. Above them, summary cards count your Active Violations, Resolved cases, DMCA notices Sent and results Pending review.',
      'Each result shows the page title, the domain and a confidence badge. The badge is red at 80% or more (a strong match), yellow from 60% to 79% (a likely match) and grey below 60% (a weak match). Open the link to check a result before you mark it.',
      'The Search page summarises the latest scan: "Violations Detected" or "Content Protected", the search id, when it completed and how long it took, the number of violations, engines scanned and unique domains, which engines failed, and each violation with a risk badge and a button to open the link.',
    ),
  },
  {
    id: 'marking-results',
    title: 'Marking results as unauthorized or safe',
    pages: ['/'],
    body: p(
      'Review each result and mark it. "Mark as Unauthorized" means the copy was posted without your permission; "Mark as Safe" means it is a legitimate use, such as your own post or a licensed partner. Once a result is marked, the mark buttons disappear.',
      'Results marked unauthorized get a "Send DMCA" button, which takes you to the Protect step so you can send a notice. For sites that always use your content legitimately, add the domain to your allowlist so they are left out of future scans.',
    ),
  },
  {
    id: 'creating-a-dmca-case',
    title: 'Creating a DMCA case',
    pages: ['/dmca', '/cases', '/'],
    body: p(
      'Press "Send DMCA" on a result marked unauthorized, or Generate Form on a pending case in the Cases page. The DMCA form opens pre-filled from the result; your name, e-mail, phone and address come from your creator settings and are shown read-only.',
      'A result can point to several URLs. Tick the ones to include in the notice, or use Select All and Clear All; the infringing URL field and the description update with your selection. Check the original URL (where your own content lives), the description and the search engine (Google, Bing, DuckDuckGo or other), then tick the legal declaration.',
      'Press Create Case. The case appears on the Cases page as Pending, with its case number, the host of the infringing URL, the URLs, the search engine and the date. From there you can view it, download its PDF or send it.',
    ),
  },
  {
    id: 'pdf-notices',
    title: 'Downloading a PDF notice',
    pages: ['/dmca', '/cases'],
    body: p(
      'Every case can be turned into a DMCA notice in PDF. On the DMCA form, press Generate PDF; on the Cases page, press Download. The file is saved as dmca-{case id}.pdf.',
      'The notice contains every element the DMCA requires: the copyrighted work, the infringing URLs, contact details of our agent filing on your behalf, a good-faith statement, a statement of accuracy under penalty of perjury and a signature. It is filed under our company identity, so you stay anonymous.',
      'About a second after the download, the search engine\'s submission portal opens in a new tab so you can file the notice there.',
    ),
  },
  {
    id: 'automated-submission',
    title: 'Automated submission',
    pages: ['/dmca', '/cases'],
    body: p(
      'On paid plans (Basic, Pro and Enterprise), the Automated Submission button on the DMCA form sends the notice for you. Trial accounts see an upgrade prompt instead.',
      'Search engines do not accept notices through an API, so when the submission succeeds Vigil opens the engine\'s submission portal in a new tab and shows a copy-paste assistant: each field has a copy button, the country is fixed to United States and the copyright holder to Myself. Hosts are contacted by e-mail at their abuse or DMCA agent address.',
      'After sending, Vigil re-checks the infringing URL and moves the case to Resolved once the content is gone. Most takedowns complete within 24-48 hours. If an automated submission fails, use the PDF method instead.',
    ),
  },
  {
    id: 'bulk-submission',
    title: 'Bulk submission and plan limits',
    pages: ['/', '/account', '/pricing'],
    body: p(
      'The Protect step has a bulk DMCA automation card: select violations, choose the platforms to send to and submit them all at once. A violation qualifies when you marked it unauthorized, its priority is high and its confidence is at least 70% (the same rule the server applies); copies found by name only need your confirmation that the page shows your content. When it finishes, Vigil reports how many violations were processed and how many notices were submitted, and clears your selection.',
      `Your plan sets how many violations one bulk submission holds (Trial ${PLANS.trial.bulkLimit}, Basic ${PLANS.basic.bulkLimit} with Google and Bing, Pro ${PLANS.pro.bulkLimit} with all engines, Enterprise any number) and how many you may submit a month (Trial ${PLANS.trial.allowances.submissionsPerMonth}, Basic ${PLANS.basic.allowances.submissionsPerMonth}, Pro ${PLANS.pro.allowances.submissionsPerMonth}, Enterprise unlimited). When the month's allowance is used up, Vigil says so with an upgrade button.`,
      'A retried bulk request never sends the same notice twice.',
    ),
  },
  {
    id: 'domain-allowlist',
    title: 'Using the domain allowlist',
    pages: ['/settings', '/'],
    body: p(
      'The allowlist lists sites that may show your content: your own sites, partners and licensees. Results from allowlisted domains are left out of every scan, so you never send a takedown to a site you work with.',
      'To add a domain, open Settings, then the Domain Allowlist tab. Enter the domain, choose a reason and add optional notes. The reasons are authorized partner, fair use, licensing agreement and owned property. Quick-add buttons add four common reference sites with the reason fair use.',
      'To remove a domain, press the remove button beside it; results from that domain appear again in later scans.',
    ),
  },
  {
    id: 'creator-settings',
    title: 'Your content creator details',
    pages: ['/settings', '/dmca'],
    body: p(
      'The Content Creator tab of Settings holds your creator name, e-mail, phone (optional) and address. Name, e-mail and address are required.',
      'These details fill in every DMCA form automatically and authorise the notices we send on your behalf. Notices are filed under our company identity, so the site and the infringer do not see your personal details.',
      'The DMCA Templates tab is a placeholder: custom templates are coming soon.',
    ),
  },
  {
    id: 'risk-dashboard',
    title: 'The Risk Analysis dashboard',
    pages: ['/risk-dashboard'],
    body: p(
      'Risk Analysis, in the navigation bar, shows how exposed your content is. Choose a period (24 hours, 7 days, 30 days or 90 days; 7 days by default).',
      'A banner shows your risk level (low, medium, high or critical) and a score out of 100, with cards for active vulnerabilities, protection coverage, detection speed and response time, all computed from your own results and cases.',
      'Four tabs go deeper: Vulnerability Hotspots (the platforms where your content appears most, with trend and risk score), Threat Trends (new, total and resolved violations per day), Content Risk Analysis (exposure per content type, with a recommendation) and AI Recommendations (advice and next actions). A risk score above 70 is flagged as high and above 50 as elevated.',
    ),
  },
  {
    id: 'account-and-billing',
    title: 'Your account, plan and billing',
    pages: ['/account', '/pricing'],
    body: p(
      'The Account page has three tabs: Billing & Plans, Usage & Limits and Account Settings. The avatar menu\'s Billing entry opens Billing & Plans directly.',
      `Plans: Trial is free ($0), Basic costs ${priceText('basic')}, Pro ${priceText('pro')} and Enterprise ${priceText('enterprise')}. Your current plan shows a disabled "Current Plan" button; the others offer "Upgrade to ...". Automated submission needs a paid plan. Every paid plan comes with a 30-day money-back guarantee.`,
      `Usage & Limits compares your searches, cases and violations with your plan's allowances. To cancel, downgrade or ask for a refund, contact us at ${SUPPORT_EMAIL}.`,
    ),
  },
  {
    id: 'contact-support',
    title: 'Contacting support',
    pages: ['/help', '/contact'],
    body: p(
      `You can reach the Vigil team in three ways: the chat assistant (the round button at the bottom right of every page), e-mail at ${SUPPORT_EMAIL}, or the Get in Touch form on the Contact page (name, e-mail, subject and message).`,
      'The Help page has a quick start, the FAQ by category and an icon legend. If a scan keeps failing or a takedown is disputed, write to us and include your search id or case number.',
    ),
  },
];
