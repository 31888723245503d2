import { FlaskConical } from 'lucide-react';
import { SANDBOX_NOTICE } from '../scan-results';
import { cn } from '@/lib/utils';

/**
 * Says plainly that results come from Vigil's offline sandbox web (ARCHITECTURE.md, "Search workflow"), wherever such results or
 * such a scan are shown.
 */
export function SandboxNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900',
        className,
      )}
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{SANDBOX_NOTICE}</span>
    </p>
  );
}
