import { PLANS, PROVIDER_SEARCHES_PER_SCAN, type PlanId } from '../plans';
import { priceText } from './prices';
import { SUPPORT_EMAIL } from './support';

/** The FAQ categories, in the order the Help page shows their badges (PRODUCT.md section 2, "Help"). */
export const FAQ_CATEGORIES = ['Getting Started', 'Content Protection', 'DMCA Process', 'Billing', 'Settings'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** One question of the Help page's FAQ; the assistant answers from the same entries. */
export interface FaqEntry {
  /** Stable id: used as a React key and in the assistant's retrieval index. */
  id: string;
  category: FaqCategory;
  question: string;
  /** Plain text (no markdown), one short paragraph or two separated by a blank line. */
  answer: string;
  /**
   * Words people use for this question that neither question nor answer contain (synonyms, colloquial
   * phrasing). Only the assistant's search reads them; the Help page does not show them.
   */
  keywords?: string[];
}

/** The monthly allowances in words, from the one plan table the server enforces (issue 10). */
function allowancesSentence(): string {
  const a = (id: PlanId) => PLANS[id].allowances;
  const n = (v: number | null, unit: string) => (v === null ? `unlimited ${unit}` : `${v} ${unit}`);
  return (
    `Each calendar month (UTC): Trial ${n(a('trial').scansPerMonth, 'scans')} and ${n(a('trial').submissionsPerMonth, 'violations submitted')} (bulk, Google only); ` +
    `Basic ${n(a('basic').scansPerMonth, 'scans')} and ${n(a('basic').submissionsPerMonth, 'automated takedowns')}; ` +
    `Pro ${n(a('pro').scansPerMonth, 'scans')} and ${n(a('pro').submissionsPerMonth, 'automated takedowns')}; ` +
    `Enterprise ${n(a('enterprise').scansPerMonth, 'scans')} and ${n(a('enterprise').submissionsPerMonth, 'takedowns')}. ` +
    `Automated notices are also capped per day (Trial ${a('trial').submissionsPerDay}, Basic ${a('basic').submissionsPerDay}, Pro ${a('pro').submissionsPerDay}, ` +
    `Enterprise ${a('enterprise').submissionsPerDay}) to protect delivery. Every scan counts, whether you start it, press Run now or a monitor runs on its schedule; a scan of more than ${PROVIDER_SEARCHES_PER_SCAN} searches (many names, engines and reference images) counts as several. ` +
    `When an allowance is used up, Vigil says so and offers an upgrade, and monitors skip their runs until it starts again on the 1st.`
  );
}

/**
 * The Help FAQ. Plan allowances are the enforced figures of shared/plans.ts (issue 10: every screen states the
 * enforced figure); prices and every other fact follow PRODUCT.md sections 1, 2 and 9.
 */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  // ---------------------------------------------------------------- Getting Started
  {
    id: 'what-is-vigil',
    category: 'Getting Started',
    question: 'What is Vigil and how does it protect my content?',
    answer:
      'Vigil finds unauthorized copies of your content on other sites and gets them removed with DMCA takedown notices. ' +
      'It works in three pillars: Search and Monitor (scan search engines for your name, brand and reference files), ' +
      'Generate DMCA (turn a confirmed violation into a ready-to-send notice) and Auto Submit (send notices for you on paid plans). ' +
      'Notices are filed under our company identity, so you stay anonymous.',
    keywords: ['about', 'overview', 'introduction', 'platform', 'service', 'works'],
  },
  {
    id: 'first-scan',
    category: 'Getting Started',
    question: 'How do I run my first scan?',
    answer:
      'On the Dashboard, step 1 "Search for violations": type your creator name (separate several names or aliases with commas), ' +
      'optionally upload reference files, then press Start Protection Scan. A progress card shows the search id, the engines being searched ' +
      'and a countdown; a scan usually takes 2-5 minutes. You can also start a scan from the New Scan button in the navigation bar, which opens the Search page.',
    keywords: ['start', 'begin', 'new scan', 'search', 'monitoring', 'set up', 'setup'],
  },
  {
    id: 'reference-file-types',
    category: 'Getting Started',
    question: 'Which file types can I upload as reference content?',
    answer:
      'You can upload images in JPG or PNG format and videos in MP4 or MOV format. You can add several files to one scan and remove them one by one before you start. ' +
      'Vigil fingerprints your reference files so it can recognise copies that were resized, cropped, recompressed, mirrored or watermarked.',
    keywords: ['upload', 'formats', 'format', 'jpeg', 'photo', 'picture', 'image', 'video', 'supported', 'attach', 'extension'],
  },
  {
    id: 'found-a-leak',
    category: 'Getting Started',
    question: 'Someone leaked my content. What should I do?',
    answer:
      'Run a scan with your creator name and upload the leaked photos or videos as reference files. Review the results and mark the copies as unauthorized, ' +
      'then press "Send DMCA" to create a case and send a takedown notice (as a PDF, or automatically on paid plans). Most takedowns are completed within 24-48 hours, and the notice is filed under our company identity so you stay anonymous.',
    keywords: ['leaked', 'leak', 'stolen', 'stole', 'copied', 'reposted', 'pirated', 'posted without permission', 'found', 'someone', 'remove', 'get removed'],
  },
  {
    id: 'three-steps',
    category: 'Getting Started',
    question: 'What are the three steps on the Dashboard?',
    answer:
      'The Dashboard guides you through Search (enter your name or upload reference files and start a scan), Review (go through the results and mark each one) ' +
      'and Protect (send takedown notices in bulk or one by one). The progress bar shows 0% at Search, 66% at Review and 100% at Protect. ' +
      'If you already have results, the Dashboard opens at Review with your latest search selected.',
    keywords: ['workflow', 'process', 'quick start', 'progress bar', 'flow', 'steps'],
  },
  {
    id: 'scan-duration',
    category: 'Getting Started',
    question: 'How long does a scan take?',
    answer:
      'Most scans finish in 2-5 minutes. While a scan runs, the progress card counts down from 3 minutes and the results appear as soon as the search completes. ' +
      'You can leave the page: your results stay on the Dashboard and the Search page.',
    keywords: ['how long', 'wait', 'time', 'minutes', 'slow', 'countdown', 'running', 'finish'],
  },
  {
    id: 'free-trial',
    category: 'Getting Started',
    question: 'Is there a free trial?',
    answer:
      `Yes. Every new account starts on the free Trial plan ($0). It lets you run ${PLANS.trial.allowances.scansPerMonth} scans a month, review results, create DMCA cases, download PDF notices and submit ${PLANS.trial.allowances.submissionsPerMonth} violations a month in bulk to Google. ` +
      'Automated submission is part of the paid plans (Basic, Pro and Enterprise).',
    keywords: ['free', 'try', 'cost nothing', 'sign up', 'signup', 'new account'],
  },
  {
    id: 'contact-support',
    category: 'Getting Started',
    question: 'How do I contact support?',
    answer:
      `Ask the chat assistant (the round button at the bottom right), write to ${SUPPORT_EMAIL}, or send a message from the Contact page (Get in Touch form). ` +
      'Include your search id or case number when your question is about a scan or a case.',
    keywords: ['support', 'help', 'contact', 'email', 'e-mail', 'human', 'person', 'team', 'talk', 'reach'],
  },
  // ---------------------------------------------------------------- Content Protection
  {
    id: 'how-detection-works',
    category: 'Content Protection',
    question: 'How does Vigil find copies of my content?',
    answer:
      'Vigil searches Google and Bing (web pages, images and videos) for your creator name and runs reverse image searches with your reference files. ' +
      'It also reads the public Telegram channels, subreddits and leak sites you add to a scan or a monitor directly, not through a search engine. ' +
      'Each candidate is fingerprinted and compared with your files, so altered copies are still recognised (for a video, a few frames sampled from the clip), and it is given a confidence score. ' +
      'Domains on your allowlist are left out. You review every result before any notice is sent.',
    keywords: ['detect', 'detection', 'find', 'fingerprint', 'fingerprinting', 'ai', 'match', 'matching', 'reverse image', 'monitor'],
  },
  {
    id: 'likeness-matching',
    category: 'Content Protection',
    question: 'Can Vigil recognise my face (likeness matching)?',
    answer:
      'Yes, if you turn it on: open Settings, Likeness tab, read what it does and agree, then add at least three photos that show only your face and confirm the face crops. ' +
      'Your scans then also look for your face in the pictures they find, in video thumbnails and in a few frames sampled from each found video, including pictures that are not copies of your reference files. ' +
      'Such a result is labelled "likeness match" and shows your enrolled face beside the face found, with their distance. It is never submitted automatically: ' +
      'you confirm it on its case ("I have checked this page shows my content") before any notice. Vigil keeps only face embeddings and small face crops, for your account alone, ' +
      'never the photos; turning likeness off, or deleting your account, deletes them at once.',
    keywords: ['face', 'faces', 'face recognition', 'facial', 'likeness', 'my face', 'biometric', 'selfie', 'recognise me', 'recognize me'],
  },
  {
    id: 'platforms-monitored',
    category: 'Content Protection',
    question: 'Which platforms and sites does Vigil monitor?',
    answer:
      'Vigil monitors 250+ platforms: anything Google and Bing index, including tube sites, forums, file hosts, social networks and blogs. ' +
      'Public Telegram channels, subreddits and leak, album and file-host sites are read directly when you add them to a scan or a monitor. ' +
      'It protects content you publish anywhere, including subscription platforms such as OnlyFans, Fansly and Patreon, by finding copies that leak onto other sites.',
    keywords: ['platforms', 'sites', 'websites', 'onlyfans', 'fansly', 'patreon', 'instagram', 'twitter', 'reddit', 'telegram', 'tube', 'forum', 'coverage', 'support', 'work with'],
  },
  {
    id: 'confidence-badges',
    category: 'Content Protection',
    question: 'What do the confidence badge colours mean?',
    answer:
      'The confidence badge shows how sure Vigil is that a result is your content. Red means 80% or more (a strong match), ' +
      'yellow means 60% to 79% (a likely match worth checking) and grey means below 60% (a weak match). Always open the link before you mark a result.',
    keywords: ['confidence', 'score', 'red', 'yellow', 'grey', 'gray', 'color', 'colour', 'badge', 'percentage', 'legend', 'icon'],
  },
  {
    id: 'mark-results',
    category: 'Content Protection',
    question: 'How do I mark a result as unauthorized or safe?',
    answer:
      'Each result has two buttons: "Mark as Unauthorized" for a copy you did not allow, and "Mark as Safe" for a legitimate use. ' +
      'Once a result is marked the buttons disappear. Results marked unauthorized get a "Send DMCA" button that takes you to the Protect step.',
    keywords: ['review', 'mark', 'unauthorized', 'safe', 'flag', 'approve', 'reject', 'legitimate'],
  },
  {
    id: 'allowlist-purpose',
    category: 'Content Protection',
    question: 'What does the domain allowlist do?',
    answer:
      'The allowlist tells Vigil which sites are allowed to show your content, such as your own website, partners or licensees. ' +
      'Results from allowlisted domains are left out of your scans, so you never send a notice to a site you work with. ' +
      'Each entry has a reason (authorized partner, fair use, licensing agreement or owned property) and optional notes.',
    keywords: ['whitelist', 'allow list', 'exclude', 'ignore', 'trusted', 'own site', 'partner', 'skip', 'purpose', 'mean', 'allowlist'],
  },
  {
    id: 'results-tabs',
    category: 'Content Protection',
    question: 'Where do I find my scan results?',
    answer:
      'After a scan, the Dashboard\'s Review step shows summary cards (Active Violations, Resolved, DMCA Sent, Pending) and the results in three tabs: ' +
      'Web Results, Images and Videos, each with a count. The Search page shows a summary of the latest scan: violations, engines scanned, unique domains and a risk badge for each violation.',
    keywords: ['results', 'violations', 'web results', 'images', 'videos', 'summary', 'see', 'view'],
  },
  {
    id: 'failed-engines',
    category: 'Content Protection',
    question: 'Why does my scan say some engines failed?',
    answer:
      'Sometimes a search engine blocks or throttles a search. Vigil keeps the results from the engines that answered and lists the ones that failed; ' +
      'this is normal, so try again later. If a scan fails completely, start a new one, and contact support if the issue persists.',
    keywords: ['blocked', 'failed', 'error', 'partial', 'engine', 'not working', 'broken'],
  },
  {
    id: 'no-violations',
    category: 'Content Protection',
    question: 'What does it mean if my scan finds no violations?',
    answer:
      'Great news: the scan did not find unauthorized use of your content on the engines it searched. Leaks appear over time, so scan again regularly, ' +
      'and upload reference files to catch copies posted without your name.',
    keywords: ['nothing found', 'zero', 'no results', 'protected', 'empty', 'clean'],
  },
  {
    id: 'risk-dashboard',
    category: 'Content Protection',
    question: 'What does the Risk Analysis dashboard show?',
    answer:
      'Risk Analysis shows how exposed your content is over a period you choose (24 hours, 7, 30 or 90 days). A banner gives your risk level (low, medium, high or critical) ' +
      'and a score out of 100, with protection coverage, detection speed and response time. Its tabs show vulnerability hotspots by platform, threat trends per day, ' +
      'risk per content type and recommended next actions, all computed from your own scans and cases.',
    keywords: ['risk', 'risk score', 'risk level', 'exposure', 'hotspots', 'trends', 'vulnerabilities', 'analysis', 'coverage'],
  },
  // ---------------------------------------------------------------- DMCA Process
  {
    id: 'what-is-dmca',
    category: 'DMCA Process',
    question: 'What is a DMCA takedown notice?',
    answer:
      'A DMCA takedown notice is a formal request, under the US Digital Millennium Copyright Act (17 U.S.C. 512), asking a website host or search engine to remove material that infringes your copyright. ' +
      'It identifies your original work and the infringing URLs, gives contact details, and includes a good-faith statement and a statement, under penalty of perjury, that the notice is accurate. Vigil fills all of this in for you.',
    keywords: ['dmca', 'notice', 'takedown', 'definition', 'law', 'legal', 'copyright act'],
  },
  {
    id: 'stay-anonymous',
    category: 'DMCA Process',
    question: 'Can I stay anonymous when I send a takedown notice?',
    answer:
      'Yes. Notices are filed under our company\'s own identity, acting as your agent, so the site and the person who copied your content do not see your personal name or contact details. ' +
      'Your creator details stay on file with us to authorise the notices we send on your behalf.',
    keywords: ['anonymous', 'anonymity', 'privacy', 'private', 'identity', 'hide', 'real name', 'personal details', 'agent'],
  },
  {
    id: 'create-case',
    category: 'DMCA Process',
    question: 'How do I create a DMCA case?',
    answer:
      'Mark a result as unauthorized, then press "Send DMCA". The DMCA form opens pre-filled from the result and from your creator settings. ' +
      'Tick the infringing URLs to include (Select All and Clear All help), check the original URL, description and search engine, tick the legal declaration and press Create Case. ' +
      'Your cases are listed on the Cases page.',
    keywords: ['case', 'new case', 'form', 'file', 'start takedown', 'report', 'send dmca'],
  },
  {
    id: 'pdf-notice',
    category: 'DMCA Process',
    question: 'How do I download a PDF of my DMCA notice?',
    answer:
      'On the DMCA form, after the case is created, press Generate PDF. The notice downloads as dmca-{case id}.pdf and, about a second later, the search engine\'s submission portal opens in a new tab so you can file it. ' +
      'On the Cases page, the Download button gets the PDF of any case.',
    keywords: ['pdf', 'download', 'document', 'print', 'manual', 'generate'],
  },
  {
    id: 'automated-submission',
    category: 'DMCA Process',
    question: 'What is automated submission?',
    answer:
      'On paid plans (Basic, Pro and Enterprise), the Automated Submission button sends your notice for you. When it succeeds, the search engine\'s portal opens in a new tab ' +
      'with a copy-paste assistant beside it: every field has a copy button, the country is set to United States and the copyright holder to Myself. ' +
      'Trial accounts see an upgrade prompt instead. If an automated submission fails, use the PDF method.',
    keywords: ['automatic', 'auto submit', 'automate', 'submit for me', 'copy paste', 'portal'],
  },
  {
    id: 'takedown-time',
    category: 'DMCA Process',
    question: 'How long do takedowns take?',
    answer:
      'Most takedowns are completed within 24-48 hours of the notice being sent; our average response time is 18 hours. Some hosts take longer. ' +
      'Vigil re-checks the infringing URL after sending and moves the case to Resolved when the content is gone.',
    keywords: ['how long', 'time', 'fast', 'speed', 'removed', 'removal', 'hours', 'days', 'wait'],
  },
  {
    id: 'case-statuses',
    category: 'DMCA Process',
    question: 'What do the case statuses mean?',
    answer:
      'Pending: the case is created but no notice has been sent yet (a Generate Form button lets you finish it). Sent: the notice has been sent to the host or search engine. ' +
      'Resolved: the infringing content has been removed.',
    keywords: ['status', 'pending', 'sent', 'resolved', 'cases page', 'track'],
  },
  {
    id: 'counter-notice',
    category: 'DMCA Process',
    question: 'What happens if someone files a counter-notice?',
    answer:
      'The person who posted the content can send a counter-notice if they believe the removal was a mistake. The host must then tell you, and it may restore the content ' +
      `after 10-14 business days unless a court action is filed. If you receive a counter-notice, contact us at ${SUPPORT_EMAIL} and consider speaking with a lawyer.`,
    keywords: ['counter notice', 'counternotice', 'dispute', 'restored', 'appeal', 'put back', 'reinstated'],
  },
  {
    id: 'bulk-submission',
    category: 'DMCA Process',
    question: 'How does bulk DMCA submission work?',
    answer:
      'In the Protect step, the bulk DMCA automation card lets you select several violations and the platforms to send to, then submit them in one go. ' +
      'Only high-priority results with a confidence of at least 70% are offered. Vigil reports how many were processed and how many were submitted, and a retried request never sends a notice twice. ' +
      'How many you can select depends on your plan.',
    keywords: ['bulk', 'many', 'several', 'batch', 'multiple', 'all at once', 'automation'],
  },
  // ---------------------------------------------------------------- Billing
  {
    id: 'plan-prices',
    category: 'Billing',
    question: 'How much does each plan cost?',
    answer:
      `Trial is free ($0). Basic costs ${priceText('basic')}, Pro costs ${priceText('pro')} and Enterprise costs ${priceText('enterprise')}. All prices are in US dollars, and every paid plan comes with a 30-day money-back guarantee.`,
    keywords: ['price', 'prices', 'pricing', 'cost', 'fee', 'monthly', 'subscription', 'how much', 'expensive', 'cheap', 'basic', 'pro', 'enterprise', 'plans', 'dollar'],
  },
  {
    id: 'plan-limits',
    category: 'Billing',
    question: 'How many scans and takedowns does each plan include?',
    answer:
      `${allowancesSentence()} One bulk submission holds up to ${PLANS.trial.bulkLimit} violations on Trial, ${PLANS.basic.bulkLimit} on Basic (Google and Bing), ` +
      `${PLANS.pro.bulkLimit} on Pro (Google, Bing and DuckDuckGo) and any number on Enterprise. The Usage & Limits tab of your Account page shows where you stand.`,
    keywords: ['limit', 'limits', 'allowance', 'quota', 'how many', 'included', 'maximum', 'engines', 'duckduckgo', 'scans', 'searches', 'month', 'bulk'],
  },
  {
    id: 'upgrade-plan',
    category: 'Billing',
    question: 'How do I upgrade my plan?',
    answer:
      'Open Account, then the Billing & Plans tab (also in the avatar menu under Billing). Your current plan shows a disabled "Current Plan" button; ' +
      'press "Upgrade to ..." on the plan you want. The Pricing page compares all plans.',
    keywords: ['upgrade', 'change plan', 'switch', 'subscribe', 'buy', 'pay', 'billing'],
  },
  {
    id: 'money-back',
    category: 'Billing',
    question: 'Is there a money-back guarantee?',
    answer:
      `Yes. Every paid plan has a 30-day money-back guarantee. To ask for a refund, write to ${SUPPORT_EMAIL} or use the Contact page within 30 days of your payment.`,
    keywords: ['refund', 'guarantee', 'money back', 'moneyback', 'return', 'satisfied'],
  },
  {
    id: 'cancel-plan',
    category: 'Billing',
    question: 'How do I cancel or downgrade my subscription?',
    answer:
      'Choose a cheaper plan on the Billing & Plans tab, or press "Manage billing" to cancel: both take effect at the end of the period you paid for. ' +
      `You can also write to ${SUPPORT_EMAIL}. ` +
      'Your cases, results and settings stay in your account.',
    keywords: ['cancel', 'cancellation', 'downgrade', 'stop', 'unsubscribe', 'end subscription'],
  },
  {
    id: 'enterprise-plan',
    category: 'Billing',
    question: 'What does the Enterprise plan include?',
    answer:
      `Enterprise (${priceText('enterprise')}) is made for high-volume creators and agencies: ${PLANS.enterprise.allowances.scansPerMonth} scans a month and unlimited takedowns, automated submission to all engines (Google, Bing and DuckDuckGo) ` +
      `and bulk submissions of any size (at most ${PLANS.enterprise.allowances.submissionsPerDay} automated notices a day).`,
    keywords: ['enterprise', 'agency', 'unlimited', 'team', 'high volume', 'biggest'],
  },
  {
    id: 'usage-tab',
    category: 'Billing',
    question: 'Where can I see my usage?',
    answer:
      'Open Account and choose the Usage & Limits tab. It shows the scans and violations submitted this month against your plan\'s allowances, the date they reset, and your DMCA cases and violations found.',
    keywords: ['usage', 'used', 'remaining', 'left', 'count', 'statistics'],
  },
  // ---------------------------------------------------------------- Settings
  {
    id: 'creator-details',
    category: 'Settings',
    question: 'What are the content creator details in Settings for?',
    answer:
      'In Settings, the Content Creator tab holds your creator name, e-mail, phone (optional) and address. They fill in every DMCA form for you (shown read-only there) ' +
      'and authorise the notices we file on your behalf. The name, e-mail and address are required.',
    keywords: ['creator', 'profile', 'name', 'email', 'phone', 'address', 'details', 'information', 'content creator tab', 'change', 'update', 'edit'],
  },
  {
    id: 'why-address',
    category: 'Settings',
    question: 'Why do you need my address if I stay anonymous?',
    answer:
      'A valid DMCA notice must be backed by a copyright owner who can be reached. We keep your details on file to authorise the notices, ' +
      'but the notices themselves are filed under our company identity, so the site and the infringer do not see your address.',
    keywords: ['address', 'why', 'personal', 'privacy', 'data', 'share'],
  },
  {
    id: 'allowlist-add',
    category: 'Settings',
    question: 'How do I add a domain to my allowlist?',
    answer:
      'Go to Settings, open the Domain Allowlist tab, enter the domain (for example mysite.com), choose a reason and add optional notes, then press Add. ' +
      'Quick-add buttons add four common reference sites with the reason fair use.',
    keywords: ['add', 'whitelist', 'allow list', 'my website', 'quick add', 'new entry'],
  },
  {
    id: 'allowlist-reasons',
    category: 'Settings',
    question: 'Which reasons can I give for an allowlisted domain?',
    answer:
      'Four reasons: authorized partner (a site you work with), fair use (commentary, criticism, news or reference), licensing agreement (a site that licensed your content) ' +
      'and owned property (a site you own). Notes are optional.',
    keywords: ['reason', 'reasons', 'authorized partner', 'fair use', 'licensing', 'license', 'owned property'],
  },
  {
    id: 'allowlist-remove',
    category: 'Settings',
    question: 'How do I remove a domain from the allowlist?',
    answer:
      'In Settings, Domain Allowlist tab, press the remove button beside the entry. Results from that domain appear again in your next scans.',
    keywords: ['remove', 'delete', 'unallow', 'take off', 'undo'],
  },
  {
    id: 'delete-account',
    category: 'Settings',
    question: 'How do I close my account and delete my data?',
    answer:
      `Write to ${SUPPORT_EMAIL} or send a message from the Contact page, from the e-mail address of your account, and we will close the account and delete your scans, results, cases and settings. ` +
      'Cancel any paid plan first, or ask us to cancel it in the same message.',
    keywords: ['delete', 'close', 'remove account', 'erase', 'gdpr', 'data', 'deactivate'],
  },
  {
    id: 'dmca-templates',
    category: 'Settings',
    question: 'Can I customise my DMCA templates?',
    answer:
      'Custom DMCA templates are coming soon; the DMCA Templates tab in Settings is a placeholder for now. Today every notice uses our standard template, which contains all the elements the DMCA requires.',
    keywords: ['template', 'templates', 'customise', 'customize', 'edit notice', 'wording'],
  },
  {
    id: 'account-settings',
    category: 'Settings',
    question: 'Where do I manage my account?',
    answer:
      'Open the avatar menu at the top right: Account Settings and Billing open your Account page, Get Help opens the Help page, Contact lets you write to us and Log Out signs you out. ' +
      'The Account page has the Billing & Plans, Usage & Limits and Account Settings tabs.',
    keywords: ['account', 'profile', 'log out', 'logout', 'sign out', 'avatar', 'menu'],
  },
];
