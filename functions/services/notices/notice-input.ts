import { splitInfringingUrls, splitResultUrls } from '../../../shared/schemas/cases';
import type { AgentIdentity } from './agent-identity';
import type { NoticeEvidence, NoticeInput } from './notice-content';
import type { CreatorFields } from '../creator-profile';
import type { ResultRecord } from '../search/results';
import type { CaseRecord } from '../cases/case-store';
import { describeMatch } from '../cases/description';
import { canonicalUrl } from '../search/canonical-url';

/** What replaces a creator detail found in free text of a notice. */
export const WITHHELD = '[withheld]';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes the creator's own details from text that goes into a notice. The notice builders never receive
 * the creator fields, but a description is typed by the creator and may name them; notices are filed under
 * the agent's identity, so the creator's name, e-mail, phone and address (whole, or any line of it with a
 * digit, such as the street or postcode) are replaced with "[withheld]". Matching is case-insensitive;
 * names shorter than 3 characters are left alone (they would match inside ordinary words).
 */
export function redactCreator(text: string, creator: CreatorFields): string {
  const needles = new Set<string>();
  const add = (s: string | null | undefined, min = 3) => {
    const t = s?.trim();
    if (t && t.length >= min) needles.add(t);
  };
  add(creator.contentCreatorName);
  add(creator.contentCreatorEmail);
  add(creator.contentCreatorPhone, 5);
  add(creator.contentCreatorAddress);
  for (const part of creator.contentCreatorAddress?.split(/[\n,;]+/) ?? []) if (/\d/.test(part)) add(part, 6);
  let out = text;
  // Longest first, so a full address is replaced before a line of it.
  for (const n of [...needles].sort((a, b) => b.length - a.length)) {
    const bounded = /^\w/.test(n) && /\w$/.test(n) ? `\\b${escape(n)}\\b` : escape(n);
    out = out.replace(new RegExp(bounded, 'gi'), WITHHELD);
  }
  return out;
}

/**
 * The notice for a case: the agent's identity (never the creator's), the work (its templated description; the
 * original URL only when the case has one), the case's infringing URLs, and evidence per URL (issue 23): when it
 * was seen and how similar, how it was matched, and the page as captured when the case was opened. The pictures
 * (the work and the copy side by side) are added by `withEvidencePictures` (notice-archive.ts).
 */
export function buildNoticeInput(c: CaseRecord, result: ResultRecord | undefined, creator: CreatorFields, agent: AgentIdentity, date = new Date()): NoticeInput {
  const infringingUrls = splitInfringingUrls(c.infringingUrl);
  const seen = new Set(result ? splitResultUrls(result.url).map(canonicalUrl) : []);
  const named = new Map((c.namedUrls ?? []).map((n) => [n.url, n]));
  const evidence: NoticeEvidence[] = [];
  for (const u of infringingUrls) {
    const capture = c.captures?.find((x) => x.url === u);
    const how = named.get(u);
    const base = capture ? { capture: { finalUrl: capture.finalUrl, at: capture.at, status: capture.status, ...(capture.title ? { title: capture.title } : {}), ...(capture.sha256 ? { sha256: capture.sha256 } : {}) } } : {};
    if (result && seen.has(canonicalUrl(u))) {
      evidence.push({ url: u, seenAt: result.evidence?.seenAt ?? result.createdAt, similarity: result.similarityScore, match: describeMatch(result.evidence), ...base });
    } else if (how?.how === 'fetched-match') {
      evidence.push({
        url: u,
        seenAt: how.at,
        match: `Named by the copyright holder, then fetched by Vigil: one of its pictures matched the original's perceptual fingerprint (distance ${how.distance} of 256 bits; 0 is identical).`,
        ...base,
      });
    }
  }
  return {
    caseNumber: c.caseNumber,
    caseId: c.id,
    date,
    work: { description: redactCreator(c.description, creator), ...(c.originalUrl ? { originalUrl: c.originalUrl } : {}) },
    infringingUrls,
    searchEngine: c.searchEngine,
    evidence,
    agent,
    ...(c.rights?.owner === 'agent' && c.rights.ownerName ? { rightsOwner: c.rights.ownerName } : {}),
  };
}
