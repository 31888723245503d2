import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

interface UrlPickerProps {
  urls: readonly string[];
  selected: ReadonlySet<string>;
  onToggle: (url: string, on: boolean) => void;
  onSelectAll: () => void;
  onClearAll: () => void;
  disabled?: boolean;
}

/**
 * The select-URL list of the DMCA page (PRODUCT.md section 2): a checkbox per URL of the search result, Select All and
 * Clear All, in a list of capped height that scrolls.
 */
export function UrlPicker({ urls, selected, onToggle, onSelectAll, onClearAll, disabled }: UrlPickerProps) {
  const headingId = useId();
  return (
    <div className="grid gap-2" role="group" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={headingId} className="flex items-center gap-2 text-sm font-medium">
          Select URLs to include
          <Badge variant="secondary" className="tabular-nums">
            {selected.size} of {urls.length} selected
          </Badge>
        </span>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={onSelectAll} disabled={disabled}>
            Select All
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onClearAll} disabled={disabled}>
            Clear All
          </Button>
        </div>
      </div>
      <ul className="grid max-h-60 gap-0.5 overflow-y-auto rounded-lg border bg-background p-1">
        {urls.map((url, i) => {
          const id = `${headingId}-${i}`;
          return (
            <li key={url} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted/50">
              <Checkbox id={id} checked={selected.has(url)} disabled={disabled} onCheckedChange={(on) => onToggle(url, on === true)} />
              <Label htmlFor={id} className="min-w-0 flex-1 font-normal">
                <span className="truncate font-mono text-xs">{url}</span>
              </Label>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="shrink-0 p-0.5 text-muted-foreground hover:text-primary"
                aria-label={`Open ${url} in a new tab`}
              >
                <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
