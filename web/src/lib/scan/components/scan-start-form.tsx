import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ScanSearch } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { apiErrorMessage } from '@/lib/api-client';
import { MAX_SEARCH_QUERY_LENGTH } from '@shared/schemas/search-start';
import { MAX_SOURCES } from '@shared/schemas/sources';
import { START_HINT, canStartScan, scanStartFormSchema, type ScanStartFormValues } from '../scan-start';
import { ReferenceFilePicker } from './reference-file-picker';
import { LibraryPicker } from './library-picker';
import { SourcesPicker } from './sources-picker';
import { workflowProgress, type ProgressSource } from '../scan-progress';

export interface ScanStartFormProps {
  /** The button's label, for example 'Start Protection Scan'. */
  submitLabel: string;
  /** Starts the scan. A rejection resets the form's progress; the caller reports the error its own way. */
  onStart: (values: ScanStartFormValues) => Promise<void>;
  /** A scan this form started is still running: the button waits for it. */
  running: boolean;
  /** How the scan ended: `failed` hides the bar. */
  outcome?: 'finished' | 'failed';
  /** The latest poll of the scan this form started: the bar shows its recorded progress, as the progress card does. */
  scan?: ProgressSource;
  /** Shown between the fields and the button (the dashboard's deep-crawl figures). */
  children?: ReactNode;
  /**
   * A source to add to the form's sources (issue 25: a Telegram channel a scan discovered, "+ @name"); each new
   * object (`at`) adds it once, unless it is there already or the list is full.
   */
  addedSource?: { kind: 'telegram'; target: string; at: number };
}

/**
 * The scan start form (PRODUCT.md sections 2 and 5): creator names (comma-separated), optional reference files, and a
 * start button that stays disabled, with the hint of PRODUCT.md section 5, until there is a name or a file. Once a scan
 * is started the form shows its progress: the same stage and share of work as the progress card (workflowProgress,
 * from the workflow's recorded progress; docs/PRODUCT.md section 10).
 */
export function ScanStartForm({ submitLabel, onStart, running, outcome, scan, children, addedSource }: ScanStartFormProps) {
  const queryId = useId();
  const hintId = useId();
  const form = useForm<ScanStartFormValues>({
    resolver: zodResolver(scanStartFormSchema),
    defaultValues: { query: '', files: [], libraryIds: [], sources: [] },
    mode: 'onChange',
  });
  const [query, files, libraryIds] = useWatch({ control: form.control, name: ['query', 'files', 'libraryIds'] });
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!addedSource) return;
    const current = form.getValues('sources') ?? [];
    const spec = { kind: addedSource.kind, target: addedSource.target };
    if (current.length >= MAX_SOURCES || current.some((s) => s.kind === spec.kind && s.target.toLowerCase() === spec.target.toLowerCase())) return;
    form.setValue('sources', [...current, spec], { shouldDirty: true, shouldValidate: true });
  }, [addedSource, form]);
  const progress = workflowProgress(scan);
  const submitting = form.formState.isSubmitting;
  const busy = submitting || running;
  const ready = canStartScan(query ?? '', (files?.length ?? 0) + (libraryIds?.length ?? 0));
  const queryError = form.formState.errors.query?.message;
  // The server's refusal of the start (a file that is not a picture, a used-up allowance...), in its own words.
  const [startError, setStartError] = useState<string>();

  const submit = form.handleSubmit(async (values) => {
    setStarted(true);
    setStartError(undefined);
    try {
      await onStart(values);
    } catch (error) {
      setStarted(false);
      setStartError(apiErrorMessage(error, 'The scan could not start. Please try again.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
      <div className="grid gap-2">
        <Label htmlFor={queryId}>Creator name</Label>
        <Input
          id={queryId}
          placeholder="e.g. Luna Vale, lunavale"
          autoComplete="off"
          maxLength={MAX_SEARCH_QUERY_LENGTH}
          disabled={busy}
          aria-invalid={queryError && queryError !== START_HINT ? true : undefined}
          aria-describedby={`${queryId}-help`}
          {...form.register('query')}
        />
        <p id={`${queryId}-help`} className="text-xs text-muted-foreground">
          The names, brands or handles you publish under. Separate several names with commas.
        </p>
        {queryError && queryError !== START_HINT && <p className="text-sm text-destructive">{queryError}</p>}
      </div>
      <Controller
        control={form.control}
        name="files"
        render={({ field }) => <ReferenceFilePicker files={field.value} onChange={field.onChange} disabled={busy} />}
      />
      <Controller
        control={form.control}
        name="libraryIds"
        render={({ field }) => <LibraryPicker value={field.value} onChange={field.onChange} uploads={files?.length ?? 0} disabled={busy} />}
      />
      <Controller
        control={form.control}
        name="sources"
        render={({ field }) => <SourcesPicker value={field.value} onChange={field.onChange} disabled={busy} />}
      />
      {children}
      {started && outcome !== 'failed' && (
        <div className="grid gap-1.5" aria-live="polite" data-testid="scan-start-progress">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">{progress.text}</span>
            <span className="tabular-nums text-muted-foreground">{progress.percent}%</span>
          </div>
          <Progress value={progress.percent} aria-label="Scan start progress" />
        </div>
      )}
      <div className="grid gap-2">
        <Button type="submit" size="lg" disabled={!ready || busy} aria-describedby={!ready ? hintId : undefined}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ScanSearch aria-hidden="true" />}
          {submitLabel}
        </Button>
        {startError && (
          <p role="alert" className="text-sm text-destructive">
            {startError}
          </p>
        )}
        {!ready && (
          <p id={hintId} className="text-center text-sm text-muted-foreground">
            {START_HINT}
          </p>
        )}
      </div>
    </form>
  );
}
