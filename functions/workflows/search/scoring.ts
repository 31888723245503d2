import type { Priority } from '../../../shared/schemas/search';

/**
 * Scoring of a candidate found by a scan. The rules are written out in docs/ARCHITECTURE.md ("Scoring");
 * keep the two in step.
 */

export type SiteKind = 'leak' | 'filehost' | 'tube' | 'social' | 'forum' | 'other';

/** How much a site of each kind suggests an unauthorized copy (leak sites most, ordinary sites least). */
export const SITE_RISK: Record<SiteKind, number> = {
  leak: 1,
  filehost: 0.9,
  tube: 0.8,
  forum: 0.7,
  social: 0.5,
  other: 0.2,
};

const SITE_PATTERNS: [SiteKind, RegExp][] = [
  ['leak', /leak|onlyfans|fansly|nsfw|thot|fapello|coomer|kemono|simpcity/],
  ['filehost', /mega\.|mediafire|drop|file|upload|share|rapidgator|gofile|pixeldrain|anonfiles|dropbox|drive\.google/],
  ['tube', /tube|video|clips|vimeo|dailymotion|xvideos|pornhub|xhamster|twitch/],
  ['forum', /forum|board|chan\b|reddit|discuss|community/],
  ['social', /social|gram|twitter|x\.com|tiktok|facebook|tumblr|threads|bsky|pinterest/],
];

/** Classifies a site by its domain name (the sandbox's simulated sites follow the same naming). */
export function classifySite(domain: string): SiteKind {
  const d = domain.toLowerCase();
  for (const [kind, pattern] of SITE_PATTERNS) if (pattern.test(d)) return kind;
  return 'other';
}

/**
 * How strongly the creator's names appear in a candidate's text: 1 when a full name appears (also as a URL
 * slug such as `luna-vale` or `lunavale`), 0.5 when only a part of a multi-word name does, 0 otherwise.
 */
export function nameMatch(names: string[], text: string): number {
  const hay = text.toLowerCase();
  const compact = hay.replace(/[^a-z0-9]+/g, '');
  let best = 0;
  for (const name of names) {
    const n = name.toLowerCase().trim();
    if (!n) continue;
    const words = n.split(/\s+/);
    const slug = words.join('');
    if (hay.includes(n) || (slug.length >= 4 && compact.includes(slug))) return 1;
    if (words.length > 1 && words.some((w) => w.length >= 3 && new RegExp(`\\b${escape(w)}\\b`).test(hay))) best = 0.5;
  }
  return best;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ScoreInput {
  /** Visual comparison against the references, when one was made (the candidate had an image and there were references). */
  visual?: { matched: boolean; similarity: number };
  name: number;
  site: SiteKind;
  /** A likeness match (issue 24): the creator's enrolled face found in the picture, at this distance (at most the threshold). */
  likeness?: { distance: number; threshold: number };
}

export interface Score {
  confidenceScore: number;
  confidence: number;
  similarityScore: number;
  priority: Priority;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** Scores a candidate; see the rules in docs/ARCHITECTURE.md. */
export function scoreCandidate({ visual, name, site, likeness }: ScoreInput): Score {
  const risk = SITE_RISK[site];
  let confidenceScore: number;
  let similarityScore: number;
  if (visual?.matched) {
    // A fingerprint match is the strongest evidence: it alone puts a result at 0.70 or more.
    confidenceScore = 0.7 + 0.2 * visual.similarity + 0.06 * name + 0.04 * risk;
    similarityScore = visual.similarity;
  } else if (likeness) {
    // The creator's face, not a copy of a reference: 0.55 to 0.85 by closeness. It is never submitted without the
    // creator's review (shared/plans.ts needsCreatorCheck), whatever its score.
    const closeness = clamp01(1 - likeness.distance / likeness.threshold);
    confidenceScore = 0.55 + 0.2 * closeness + 0.05 * name + 0.05 * risk;
    similarityScore = clamp01(1 - likeness.distance);
  } else if (visual) {
    // Compared and not a copy: the image shown is not the creator's, whatever the page says.
    confidenceScore = Math.min(0.4, 0.1 * visual.similarity + 0.2 * name + 0.1 * risk);
    similarityScore = visual.similarity;
  } else {
    // Name only: a full name on a leak or file-host site is strong; on an ordinary site it is weak.
    confidenceScore = 0.5 * name + 0.3 * risk;
    similarityScore = name;
  }
  confidenceScore = round2(clamp01(confidenceScore));
  return {
    confidenceScore,
    confidence: Math.round(confidenceScore * 100),
    similarityScore: round2(clamp01(similarityScore)),
    priority: confidenceScore >= 0.7 ? 'high' : confidenceScore >= 0.45 ? 'medium' : 'low',
  };
}
