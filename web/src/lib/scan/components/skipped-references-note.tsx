import { Film, ImageOff } from 'lucide-react';
import { skippedReferencesNote, videoReferencesNote } from '../scan-results';
import { cn } from '@/lib/utils';

/**
 * Names the reference files a scan (or a monitor's runs) could not fingerprint, with the reason, so a creator
 * knows a file protects nothing; nothing when every file was used.
 */
export function SkippedReferencesNote({ skipped, className }: { skipped: readonly { filename: string; reason: string }[] | undefined; className?: string }) {
  const note = skippedReferencesNote(skipped);
  if (!note) return null;
  return (
    <div role="note" aria-label={note.title} className={cn('grid gap-1 rounded-md border bg-muted/50 p-3 text-sm', className)}>
      <p className="flex items-center gap-1.5 font-medium">
        <ImageOff className="size-4 text-muted-foreground" aria-hidden="true" />
        {note.title}
      </p>
      <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
        {note.files.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-muted-foreground">{note.hint}</p>
    </div>
  );
}

/** Names the reference videos a scan (or a monitor's runs) fingerprinted, with the frames hashed from each. */
export function VideoReferencesNote({ videos, className }: { videos: readonly { filename: string; frames: number; durationSeconds: number }[] | undefined; className?: string }) {
  const note = videoReferencesNote(videos);
  if (!note) return null;
  return (
    <div role="note" aria-label={note.title} className={cn('grid gap-1 rounded-md border p-3 text-sm', className)}>
      <p className="flex items-center gap-1.5 font-medium">
        <Film className="size-4 text-muted-foreground" aria-hidden="true" />
        {note.title}
      </p>
      <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
        {note.files.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
