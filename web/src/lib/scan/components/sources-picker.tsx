import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MAX_SOURCES, SOURCE_KIND_LABELS, normaliseTarget, sourceKey, sourceLabel, targetProblem, type SourceKind, type SourceSpec } from '@shared/schemas/sources';
import { useSourceSites } from '../api/get-source-sites';

const selectClass = 'h-9 rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

const PLACEHOLDERS: Record<Exclude<SourceKind, 'site'>, string> = {
  telegram: '@channelname or t.me/channelname',
  reddit: 'r/subreddit, or * for all of Reddit',
};

/**
 * Sources a scan or a monitor reads directly (issue 25): Telegram channels, subreddits and leak sites, next to
 * the search engines. The same format checks as the server's run as a source is added; the server checks the
 * rest (a leak site's folder id, Reddit configured) and names the source it refuses.
 */
export function SourcesPicker({ value, onChange, disabled }: { value: readonly SourceSpec[]; onChange: (next: SourceSpec[]) => void; disabled?: boolean }) {
  const id = useId();
  const { data: sites } = useSourceSites();
  const [kind, setKind] = useState<SourceKind>('telegram');
  const [target, setTarget] = useState('');
  const [site, setSite] = useState('');
  const [error, setError] = useState<string>();
  const chosenSite = sites?.find((s) => s.id === site);
  const siteName = (target: string) => sites?.find((s) => s.id === target.split(':')[0])?.name;

  const add = () => {
    const raw = kind === 'site' ? (chosenSite?.needsEntry ? `${site}:${target.trim()}` : site) : target;
    const spec = { kind, target: normaliseTarget(kind, raw) };
    const problem = kind === 'site' && !site ? 'Choose a leak site.' : targetProblem(kind, spec.target);
    if (problem) return setError(problem);
    if (value.some((s) => sourceKey(s) === sourceKey(spec))) return setError(`${sourceLabel(spec)} is already added.`);
    if (value.length >= MAX_SOURCES) return setError(`Add at most ${MAX_SOURCES} sources.`);
    setError(undefined);
    setTarget('');
    onChange([...value, spec]);
  };

  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="text-sm font-medium">Sources (optional)</legend>
      <p className="text-xs text-muted-foreground">
        Places Vigil reads directly, beside the search engines: public Telegram channels, subreddits and leak sites.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-kind`} className="text-xs">
            Source type
          </Label>
          <select id={`${id}-kind`} className={selectClass} value={kind} onChange={(e) => { setKind(e.target.value as SourceKind); setError(undefined); }}>
            {(Object.keys(SOURCE_KIND_LABELS) as SourceKind[]).map((k) => (
              <option key={k} value={k}>
                {SOURCE_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'site' && (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-site`} className="text-xs">
              Leak site
            </Label>
            <select id={`${id}-site`} className={selectClass} value={site} onChange={(e) => setSite(e.target.value)}>
              <option value="">Choose a site</option>
              {(sites ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {`${s.name} (${s.kind})`}
                </option>
              ))}
            </select>
          </div>
        )}
        {(kind !== 'site' || chosenSite?.needsEntry) && (
          <div className="grid min-w-48 flex-1 gap-1">
            <Label htmlFor={`${id}-target`} className="text-xs">
              {kind === 'telegram' ? 'Channel' : kind === 'reddit' ? 'Subreddit' : 'Folder or thread id'}
            </Label>
            <Input
              id={`${id}-target`}
              value={target}
              autoComplete="off"
              placeholder={kind === 'site' ? 'the id in the folder link' : PLACEHOLDERS[kind]}
              onChange={(e) => setTarget(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          </div>
        )}
        <Button type="button" variant="outline" onClick={add}>
          Add source
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul aria-label="Sources" className="flex flex-wrap gap-2">
          {value.map((s) => (
            <li key={sourceKey(s)} className="inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm">
              {s.kind === 'site' ? `Leak site ${siteName(s.target) ?? s.target}${s.target.includes(':') ? ` (${s.target.split(':').slice(1).join(':')})` : ''}` : sourceLabel(s)}
              <button type="button" className="rounded-full p-0.5 hover:bg-muted" aria-label={`Remove ${sourceLabel(s)}`} onClick={() => onChange(value.filter((x) => sourceKey(x) !== sourceKey(s)))}>
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
