import { stripLinks } from '../../../shared/schemas/cases';
import type { Evidence } from '../../../shared/schemas/search';
import type { ReferenceFile } from '../../store/entities/search';

/*
 * The notice's description, composed from a template (issue 23): the work (the reference's title, kind and
 * date as the creator gave them, else its file name), how the copy was matched, and the creator's optional note
 * (at most 500 characters, links removed). The infringer's page title is never used to describe the work.
 */

/** What the creator told Vigil about a reference file; title, kind and date are optional (a reference library may add them). */
export interface WorkFacts {
  title?: string;
  kind?: string;
  date?: string;
  fileName?: string;
}

/** A file name such as `set-04.jpg` reads like a domain: in the work's name only real links are removed. */
const withoutUrls = (s: string) => s.replace(/\b(?:(?:https?|ftp):\/\/|www\.)\S+/gi, '[link removed]');

const NOUN: Record<string, string> = { images: 'a photograph', videos: 'a video', web: 'content' };

/** The facts of a reference file as stored on the scan (a later reference library may add title, kind and date). */
export function workFactsOf(ref: ReferenceFile | undefined): WorkFacts {
  if (!ref) return {};
  const r = ref as ReferenceFile & { title?: unknown; kind?: unknown; date?: unknown };
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);
  return { title: str(r.title), kind: str(r.kind), date: str(r.date), fileName: str(r.filename) };
}

function describeWork(work: WorkFacts, contentType: string): string {
  const name = work.title ?? work.fileName;
  const kind = work.kind ?? NOUN[contentType] ?? 'content';
  const parts = [name ? `"${withoutUrls(name)}", ${kind}` : `${kind[0]!.toUpperCase()}${kind.slice(1)}`];
  if (work.date) parts.push(`first published ${withoutUrls(work.date)}`);
  return `The copyrighted work: ${parts.join(', ')}, owned by the copyright holder and published by them.`;
}

/** How the copy was matched, in words a host's abuse desk reads. */
export function describeMatch(evidence: Pick<Evidence, 'matchMethod' | 'distance' | 'verification' | 'video'> | undefined, fetchedMatches = 0): string {
  const d = evidence?.distance;
  const distance = typeof d === 'number' ? ` (distance ${d} of 256 bits; 0 is identical)` : '';
  let how: string;
  const v = evidence?.video;
  const at = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
  if (evidence?.matchMethod === 'fingerprint' && v) {
    how = `The video was identified by sampling ${v.framesCompared} frames over its length and comparing each with the original's perceptual fingerprints: ${v.framesAgreed} of them agreed${distance}. The closest frame, at ${at(v.foundSeconds)} of the copy, matches ${v.referenceSeconds !== undefined ? `the original at ${at(v.referenceSeconds)}` : "the original's picture"}.`;
  } else if (evidence?.matchMethod === 'fingerprint') how = `The copy was identified by comparing its picture with the original's perceptual fingerprint${distance}.`;
  else if (evidence?.matchMethod === 'verified') {
    const inliers = evidence.verification?.inliers;
    how = `The copy's picture is close to the original's perceptual fingerprint${distance}, and geometric verification found the original's features in it${inliers ? ` (${inliers} matching points in one consistent geometry)` : ''}.`;
  } else if (evidence?.matchMethod === 'name') how = "The page names the creator, and the copyright holder checked that it shows the work.";
  else how = 'The copy was identified by Vigil and reviewed by the copyright holder.';
  if (fetchedMatches > 0) {
    how += ` ${fetchedMatches === 1 ? 'One further URL' : `${fetchedMatches} further URLs`} named by the copyright holder ${fetchedMatches === 1 ? 'was' : 'were'} fetched by Vigil and matched the original's fingerprint.`;
  }
  return how;
}

/** The whole description: the work, the match, the note (links removed). */
export function composeDescription(input: {
  work: WorkFacts;
  contentType: string;
  evidence?: Pick<Evidence, 'matchMethod' | 'distance' | 'verification'>;
  fetchedMatches?: number;
  note?: string;
}): string {
  const note = input.note ? stripLinks(input.note) : '';
  return [describeWork(input.work, input.contentType), describeMatch(input.evidence, input.fetchedMatches ?? 0), note ? `Note from the copyright holder: ${note}` : '']
    .filter(Boolean)
    .join('\n');
}
