import { cn } from '@/lib/utils';

interface CharCountProps {
  /** Referenced by the field's aria-describedby. */
  id?: string;
  length: number;
  /** The server's limit for the field (the same constant its schema refuses a longer value with). */
  max: number;
  className?: string;
}

/**
 * The "n / max" counter under a text field whose limit is the server's (issue 26: no silent cut). The field
 * carries the same limit as `maxLength`, so a paste that is too long stops at the limit where the counter shows
 * it, and the server refuses a longer value with a message rather than cutting it. Announced politely once the
 * text is within a tenth of the limit.
 */
export function CharCount({ id, length, max, className }: CharCountProps) {
  const near = length >= max * 0.9;
  return (
    <p
      id={id}
      aria-live={near ? 'polite' : 'off'}
      className={cn('text-right text-xs tabular-nums', length >= max ? 'font-medium text-destructive' : 'text-muted-foreground', className)}
    >
      {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
      <span className="sr-only"> characters</span>
    </p>
  );
}
