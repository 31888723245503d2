import { Globe, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AllowlistEntry } from '@shared/schemas/allowlist';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAllowlist } from '@/lib/allowlist/get-allowlist';
import { useRemoveAllowlistEntry } from '../api/remove-allowlist-entry';
import { allowlistErrorMessage } from './allowlist-error';
import { REASON_LABELS } from './allowlist-options';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The allowlisted domains, each with its reason, notes and a remove button (PRODUCT.md section 2). */
export function AllowlistEntries() {
  const { data, error, isLoading, mutate } = useAllowlist();
  const remove = useRemoveAllowlistEntry();
  const [removing, setRemoving] = useState<string | null>(null);

  const onRemove = async (entry: AllowlistEntry) => {
    setRemoving(entry.id);
    try {
      await remove.trigger(entry);
      toast({ title: 'Domain Removed', description: `${entry.domain} is no longer on your allowlist.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Error', description: allowlistErrorMessage(err, 'Failed to remove domain from allowlist') });
    } finally {
      setRemoving(null);
    }
  };

  if (isLoading) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Loading your allowlist" />
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p role="alert" className="text-sm text-destructive">
          Failed to load your allowlist. Please try again.
        </p>
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground">
        No domains on your allowlist yet. Add the sites that may use your content.
      </p>
    );
  }
  return (
    <ul aria-label="Allowlist entries" className="divide-y rounded-lg border">
      {data.map((entry) => (
        <li key={entry.id} className="flex items-start gap-3 p-3 sm:items-center">
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground sm:mt-0">
            <Globe className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="truncate font-medium">{entry.domain}</span>
              <Badge variant="secondary">{REASON_LABELS[entry.reason]}</Badge>
            </div>
            {entry.notes && <p className="mt-0.5 text-sm text-muted-foreground">{entry.notes}</p>}
            <p className="mt-0.5 text-xs text-muted-foreground">Added {dateFormat.format(new Date(entry.createdAt))}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0 text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={`Remove ${entry.domain}`}
            disabled={removing === entry.id}
            onClick={() => void onRemove(entry)}
          >
            {removing === entry.id ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            <span className="hidden sm:inline">Remove</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
