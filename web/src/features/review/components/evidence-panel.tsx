import { ExternalLink, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { postedAtText } from '@/lib/results/found-via';
import { sourceLabel } from '@shared/schemas/sources';
import type { SearchResult } from '@shared/schemas/search';
import { engineList } from '@/lib/scan/scan-results';

const METHOD_LABELS = { fingerprint: 'Fingerprint match', verified: 'Verified match (feature points)', name: 'Found by name', likeness: 'Likeness match (your face)' } as const;

/** A time in a clip as m:ss. */
const clipTime = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Picture({ src, alt, empty, region }: { src?: string | null; alt: string; empty: string; region?: SearchResult['evidence']['region'] }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-lg bg-muted p-4 text-center text-sm text-muted-foreground">
        <ImageOff className="size-6" aria-hidden="true" />
        {empty}
      </div>
    );
  }
  return (
    // A size container: the box's height comes from its width (4:3), and the picture is bounded by that box (100cqh)
    // rather than by a fixed height, which a portrait picture overflowed on a 390 px phone.
    <div className="flex aspect-[4/3] max-h-[min(50vh,22rem)] w-full items-center justify-center rounded-lg bg-muted [container-type:size]">
      {/* The wrapper takes the image's own box, so the region's fractions land on the picture, not the letterbox. */}
      <div className="relative inline-block max-h-full max-w-full">
        <img src={src} alt={alt} referrerPolicy="no-referrer" className="block max-h-[100cqh] max-w-[100cqw] object-contain" onError={() => setFailed(true)} />
        {region && (
          <div
            data-testid="matched-region"
            aria-hidden="true"
            className="pointer-events-none absolute rounded-sm border-2 border-red-600 shadow-[0_0_0_2px_white]"
            style={{ left: `${region.x * 100}%`, top: `${region.y * 100}%`, width: `${region.w * 100}%`, height: `${region.h * 100}%` }}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The creator's reference and the found copy side by side, with what matched: the fingerprint distance, how
 * the match was made and verified, and the matched region outlined on the copy when the matcher gives one.
 */
export function EvidencePanel({ result }: { result: SearchResult }) {
  const e = result.evidence;
  const copySrc = e.matchedImageUrl ?? result.previewUrl;
  const v = e.video;
  const referenceSrc = v?.referenceFrameUrl ?? e.matchedReferenceUrl;
  const facts: [string, string][] = [
    ['Host', result.domain],
    ['Platform', result.platform],
    ['Confidence', `${Math.round(result.confidence)}%`],
    ...(e.likeness
      ? ([['Face distance', `${e.likeness.distance.toFixed(2)} (a match is at most ${e.likeness.threshold.toFixed(2)}; lower is closer)`]] as [string, string][])
      : []),
    ...(e.distance !== undefined ? ([['Distance', `${e.distance} (lower is closer)`]] as [string, string][]) : []),
    ...(e.matchMethod ? ([['Match', METHOD_LABELS[e.matchMethod]]] as [string, string][]) : []),
    ...(e.verification
      ? ([['Verification', `${e.verification.inliers} matching points, spread ${e.verification.spread.toFixed(2)}`]] as [string, string][])
      : []),
    ...(v
      ? ([
          ['Frames agreed', `${v.framesAgreed} of ${v.framesCompared} sampled frames`],
          ['Found frame', `at ${clipTime(v.foundSeconds)} of ${clipTime(v.durationSeconds)}`],
          ...(v.referenceSeconds !== undefined ? [['Reference frame', `at ${clipTime(v.referenceSeconds)}`]] : []),
        ] as [string, string][])
      : []),
    ...(e.region ? ([['Matched region', `${Math.round(e.region.w * 100)}% × ${Math.round(e.region.h * 100)}% of the copy, outlined`]] as [string, string][]) : []),
    ['First seen', formatDate(result.firstSeenAt)],
    ['Last seen', formatDate(result.lastSeenAt)],
    ...(e.engines.length && !e.via ? ([['Found through', engineList(e.engines)]] as [string, string][]) : []),
    ...(e.via ? ([['Found in', sourceLabel(e.via)]] as [string, string][]) : []),
    ...(e.via && postedAtText(e.via.postedAt) ? ([['Posted', postedAtText(e.via.postedAt)!]] as [string, string][]) : []),
  ];

  return (
    <div className="grid gap-4">
      {e.likeness && (
        <p data-testid="likeness-badge" className="rounded-md border border-amber-500/50 bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <span className="font-semibold">Likeness match</span>: your face was found in this picture, which is not a copy of a file you uploaded.
          It is never submitted automatically: compare the faces and open the page before any notice.
        </p>
      )}
      {e.likeness && (
        <div className="grid grid-cols-2 gap-3" data-testid="likeness-faces">
          <figure className="grid gap-1.5">
            <figcaption className="text-sm font-medium">Your enrolled face</figcaption>
            <Picture src={e.likeness.enrolledFaceCrop} alt="Your enrolled face" empty="Likeness is off: your enrolled faces were deleted." />
          </figure>
          <figure className="grid gap-1.5">
            <figcaption className="text-sm font-medium">Face found (distance {e.likeness.distance.toFixed(2)})</figcaption>
            <Picture src={e.likeness.foundFaceUrl} alt={`The face found on ${result.domain}`} empty="No picture of the found face." />
          </figure>
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <figure className="grid gap-1.5">
          <figcaption className="text-sm font-medium">
            {v ? `Your reference${v.referenceSeconds !== undefined ? `, frame at ${clipTime(v.referenceSeconds)}` : ''}` : 'Your reference'}
          </figcaption>
          <Picture
            src={referenceSrc}
            alt={v ? 'Your reference frame' : 'Your reference file'}
            empty={e.likeness ? 'No reference file matched: found by your face.' : 'No reference file matched: found by name or page text.'}
          />
        </figure>
        <figure className="grid gap-1.5">
          <figcaption className="text-sm font-medium">{v ? `Found copy, frame at ${clipTime(v.foundSeconds)}` : 'Found copy'}</figcaption>
          <Picture src={copySrc} alt={v ? `The frame found on ${result.domain}` : `The copy found on ${result.domain}`} empty="No picture of this copy." region={e.region ?? e.likeness?.box} />
        </figure>
      </div>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold leading-snug" data-testid="queue-title">
          {result.title || result.domain}
        </h2>
        <a href={result.url} target="_blank" rel="noopener noreferrer" className="flex min-w-0 items-center gap-1 text-sm text-primary underline underline-offset-2">
          <span className="truncate">{result.url}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="flex gap-2">
            <dt className="shrink-0 text-muted-foreground">{term}:</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
