import type { LucideIcon } from 'lucide-react';
import { Film, ImageOff } from 'lucide-react';
import { skippedReferencesNote, videoReferencesNote } from '../scan-results';
import { cn } from '@/lib/utils';

/** A note naming reference files, one line each, under a titled icon; `hint` and a muted background when set. */
function ReferenceFilesNote({ icon: Icon, title, files, hint, className }: { icon: LucideIcon; title: string; files: readonly string[]; hint?: string; className?: string }) {
  return (
    <div role="note" aria-label={title} className={cn('grid gap-1 rounded-md border p-3 text-sm', hint !== undefined && 'bg-muted/50', className)}>
      <p className="flex items-center gap-1.5 font-medium">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        {title}
      </p>
      <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
        {files.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {hint !== undefined && <p className="text-muted-foreground">{hint}</p>}
    </div>
  );
}

/**
 * Names the reference files a scan (or a monitor's runs) could not fingerprint, with the reason, so a creator
 * knows a file protects nothing; nothing when every file was used.
 */
export function SkippedReferencesNote({ skipped, className }: { skipped: readonly { filename: string; reason: string }[] | undefined; className?: string }) {
  const note = skippedReferencesNote(skipped);
  return note ? <ReferenceFilesNote icon={ImageOff} title={note.title} files={note.files} hint={note.hint} className={className} /> : null;
}

/** Names the reference videos a scan (or a monitor's runs) fingerprinted, with the frames hashed from each. */
export function VideoReferencesNote({ videos, className }: { videos: readonly { filename: string; frames: number; durationSeconds: number }[] | undefined; className?: string }) {
  const note = videoReferencesNote(videos);
  return note ? <ReferenceFilesNote icon={Film} title={note.title} files={note.files} className={className} /> : null;
}
