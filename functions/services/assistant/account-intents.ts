import { FAQ_ENTRIES } from '../../../shared/help/faq';
import { CASE_NUMBER, IN_PROGRESS, type AccountToolName, type CaseFacts, type ToolOutput } from './account-tools';

/**
 * The offline assistant's reading of account questions (issue 26): which of the account tools a message asks
 * for, and the words of an answer from the tool's output. The model assistant gets the same tools and decides
 * for itself; this is the same policy without a model. Also the capability answers (video,
 * delisting), written from what the product really does, which both assistants give.
 */

export interface ToolCallPlan {
  name: AccountToolName;
  input?: Record<string, unknown>;
}

const MINE = String.raw`\b(my|i|i'm|im|me|mine|i've|ive|do i|have i|am i)\b`;
const has = (re: string, text: string) => new RegExp(re, 'i').test(text);

/** The tool an account question needs, or undefined when the message is not about the caller's own data. */
export function accountIntent(message: string): ToolCallPlan | undefined {
  const text = message.normalize('NFKC');
  const caseNumber = CASE_NUMBER.exec(text)?.[0];
  if (caseNumber) return { name: 'get_case', input: { caseNumber } };
  if (!has(MINE, text)) return undefined;
  if (has(String.raw`\bescalat\w*|\bneeds? (a person|attention|follow.?up)|\bflagged\b|\bstuck\b`, text)) return { name: 'list_escalations' };
  if (has(String.raw`\b(scans?|searches|submissions?|notices?|takedowns?|violations?)\b.{0,40}\b(left|remaining|used|remain)\b|\bhow many (scans?|searches|submissions?|notices?|takedowns?)\b|\b(usage|quota|allowances?|limits?)\b`, text)) {
    return { name: 'get_usage' };
  }
  if (has(String.raw`\b(which|what)\b.{0,20}\bplan\b|\bmy (current )?(plan|subscription)\b|\bplan am i\b|\bam i on\b`, text)) return { name: 'get_usage' };
  if (has(String.raw`\bmonitors?\b|\bmonitoring\b`, text)) return { name: 'list_monitors' };
  if (has(String.raw`\bcases?\b`, text)) return { name: 'list_cases' };
  if (has(String.raw`\b(scans?|searches)\b`, text)) return { name: 'list_scans' };
  return undefined;
}

/**
 * Likeness matching (issue 24), as the help centre states it: the model is grounded on it, and the offline
 * assistant answers face questions from that help entry (its keywords), with the help centre's prefix.
 */
export const FACE_RECOGNITION_REPLY = FAQ_ENTRIES.find((e) => e.id === 'likeness-matching')!.answer;

export const VIDEO_REPLY =
  'You can upload videos (MP4 or MOV) as reference files; Vigil hashes about one frame a second of each, and the scan card says which clips it could use and why not. ' +
  'For every video a scan finds (tube pages, file hosts, posts with a player, direct links), Vigil fetches a few frames spread over the clip by range requests, at most 8 MB a video, ' +
  'and matches them against your frames and pictures: a confirmed copy shows your frame beside the found one with both times and how many frames agreed. ' +
  'Streams cut into segments (HLS) are sampled too, a frame from each of a few segments spread over the stream; encrypted streams and DASH are not, and their thumbnails are matched. Videos found by your name are listed in the Videos tab for you to review.';

export const DELISTING_REPLY =
  'Vigil removes copies at the source: the automated submission e-mails a DMCA notice to the host and checks the page again afterwards. ' +
  'When the host does not act, the case climbs: the network, the CDN, the registrar, and last search-engine delisting, which only hides a URL from results while the copy stays online. ' +
  "Vigil's agent files the delisting requests with Google and Bing under the company's name, so you stay anonymous, and the case shows each request and its outcome.";

/** The answer to a question about what the product can do, or undefined. */
export function capabilityReply(message: string): string | undefined {
  const text = message.normalize('NFKC');
  if (/\bde-?list\w*|\b(remove|removal|hide)\b.{0,40}\b(from|in) (google|bing|search (results|engines?))\b/i.test(text)) return DELISTING_REPLY;
  if (/\b(can|does|do|will|is)\b.{0,30}\b(find|detect|match|protect|recogni[sz]e|scan|check|support|work with|handle)\w*\b.{0,30}\bvideos?\b|\bvideos?\b.{0,20}\b(supported|detection|matching)\b/i.test(text)) {
    return VIDEO_REPLY;
  }
  return undefined;
}

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : '');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

const SUBMISSION_WORDS: Record<string, string> = {
  queued: 'is queued to be sent',
  'finding-contact': "is looking up the host's contact",
  sending: 'is being sent',
  'awaiting-recheck': 'was sent and the page will be checked again',
  rechecking: 'was sent and the page is being checked again',
  resolved: 'ended with the copy removed',
  escalated: 'was sent but the copy was still online after the wait, so it is escalated',
  'no-contact': 'found no contact to send the notice to',
  failed: 'failed',
};

function caseSentence(c: CaseFacts): string {
  const parts = [`Case ${c.caseNumber} (${c.host}) is ${c.status}`];
  if (c.resolvedAt) parts[0] += `, resolved on ${dateOf(c.resolvedAt)}`;
  else if (c.sentAt) parts[0] += `, notice sent on ${dateOf(c.sentAt)}`;
  parts[0] += '.';
  const s = c.submission;
  if (s) {
    let line = `Its automated submission (attempt ${s.attempt}) ${SUBMISSION_WORDS[s.state] ?? s.state}`;
    if (s.recipient && !IN_PROGRESS.has(s.state)) line += ` (notice to ${s.recipient})`;
    if (s.error) line += `: ${s.error.replace(/\.$/, '')}`;
    if (s.recheckAt && IN_PROGRESS.has(s.state)) line += `; next check on ${dateOf(s.recheckAt)}`;
    parts.push(`${line}.`);
  } else if (c.status === 'pending') {
    parts.push('No notice has been submitted for it yet: open it from the Cases page to send one.');
  }
  if (c.escalation) parts.push(`It is flagged for follow-up: ${c.escalation.reason.replace(/\.$/, '')}.`);
  return parts.join(' ');
}

/** Words one tool's output as the offline assistant's answer. */
export function phraseToolOutput(out: ToolOutput | { tool: string; error: string }): string {
  if ('error' in out) return `I couldn't read that from your account: ${out.error}`;
  switch (out.tool) {
    case 'get_usage': {
      const u = out.usage;
      const scans =
        u.scans.limit === null
          ? `you have run ${plural(u.scans.used, 'scan')} this month, and your plan has no scan limit`
          : `you have ${plural(u.scans.left ?? 0, 'scan')} left this month (${u.scans.used} of ${u.scans.limit} used)`;
      const subs =
        u.submissions.limit === null
          ? `${plural(u.submissions.used, 'violation')} submitted, with no monthly limit`
          : `${u.submissions.left} of ${u.submissions.limit} violation submissions left`;
      const perDay = u.submissions.perDay === null ? '' : ` (at most ${u.submissions.perDay} a day)`;
      return (
        `You are on the ${u.plan.name} plan ($${u.plan.priceUsd}/month): ${scans}, and ${subs}${perDay}. ` +
        `Your plan keeps ${u.plan.monitors}. The allowances start again on ${dateOf(u.resetsAt)} (UTC). The Usage & Limits tab of your Account page shows the same figures.`
      );
    }
    case 'list_scans': {
      if (out.scans.length === 0) return 'You have not run a scan yet. Start one from the dashboard with your creator name and, if you like, reference files.';
      const lines = out.scans.map(
        (s) => `"${s.names}" on ${dateOf(s.startedAt)}: ${s.status}, ${plural(s.results, 'result')}${s.origin === 'manual' ? '' : ' (a monitor run)'}`,
      );
      return `Your newest ${plural(out.scans.length, 'scan')}: ${lines.join('; ')}.`;
    }
    case 'list_monitors': {
      if (out.monitors.length === 0) return `You have no monitors yet. Your plan keeps ${out.allowed}; create one from the Monitoring page.`;
      const lines = out.monitors.map((m) => {
        const state = m.paused ? `paused${m.pausedReason ? ` (${m.pausedReason})` : ''}` : `next run ${dateOf(m.nextRunAt)}`;
        const auto = m.autoSubmit ? (m.autoSubmitInactive ? `, automatic submission on but inactive: ${m.autoSubmitInactive}` : ', submits automatically') : '';
        return `"${m.name}" (${m.cadence.toLowerCase()}, ${state}, ${plural(m.runs, 'run')}, ${plural(m.resultsFound, 'new result')}${auto})`;
      });
      return `You have ${plural(out.monitors.length, 'monitor')}: ${lines.join('; ')}. Your plan keeps ${out.allowed}.`;
    }
    case 'list_cases': {
      const c = out.cases;
      if (c.total === 0) return 'You have no DMCA cases yet. Mark a result as unauthorized and choose Send DMCA to open one.';
      const statuses = list(Object.entries(c.byStatus).map(([s, n]) => `${n} ${s}`));
      const newest = c.newest.map((x) => `${x.caseNumber} (${x.host}, ${x.status})`).join(', ');
      return `You have ${plural(c.total, 'case')}: ${statuses}. The newest: ${newest}. Ask me about a case number for its details.`;
    }
    case 'get_case':
      if (!out.case) return `I found no case ${out.asked} in your account. Your case numbers are on the Cases page.`;
      return caseSentence(out.case);
    case 'list_escalations': {
      if (out.escalations.length === 0) return 'None of your cases needs follow-up: no case is escalated or has a failed submission.';
      return `${plural(out.escalations.length, 'case needs', 'cases need')} follow-up. ${out.escalations.slice(0, 5).map(caseSentence).join(' ')}`;
    }
  }
}
