import type { Evidence } from '@shared/schemas/search';

/**
 * How a result's match was decided, in words for the review card: "Matched by fingerprint and 212 point
 * correspondences" when geometric verification confirmed a grey-zone fingerprint, "Matched by fingerprint"
 * when the fingerprint alone was close enough, "Matched by name only" when only the creator's name was found.
 * Undefined when the result carries no decision (older results).
 */
export function matchEvidenceText(evidence: Evidence | undefined): string | undefined {
  if (!evidence?.matchMethod) return undefined;
  if (evidence.matchMethod === 'verified') {
    const n = evidence.verification?.inliers;
    return n === undefined ? 'Matched by fingerprint and point correspondences' : `Matched by fingerprint and ${n} point correspondence${n === 1 ? '' : 's'}`;
  }
  if (evidence.matchMethod === 'fingerprint' && evidence.video) {
    const v = evidence.video;
    return `Video copy matched by fingerprint: ${v.framesAgreed} of ${v.framesCompared} sampled frames agreed`;
  }
  if (evidence.matchMethod === 'fingerprint') return 'Matched by fingerprint';
  if (evidence.matchMethod === 'likeness') {
    const d = evidence.likeness?.distance;
    return d === undefined ? 'Likeness match: your face, review before any notice' : `Likeness match: your face at distance ${d.toFixed(2)}, review before any notice`;
  }
  return 'Matched by name only';
}

/** "Found in 62% of the copy" from the matched region, when verification located it and it is not the whole picture. */
export function regionText(evidence: Evidence | undefined): string | undefined {
  const r = evidence?.region;
  if (!r) return undefined;
  const share = Math.round(r.w * r.h * 100);
  return share >= 95 ? undefined : `found in ${share}% of the copy`;
}

/** A time in a clip as m:ss (0:07, 12:04). */
export function clipTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
