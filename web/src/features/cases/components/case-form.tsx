import { FoundVia } from '@/lib/results/found-via';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DMCA_SEARCH_ENGINES, MAX_NOTE_LENGTH, dmcaFormSchema, splitInfringingUrls, type DmcaCase, type DmcaFormInput, type DmcaFormValues } from '@shared/schemas/cases';
import type { SearchResult } from '@shared/schemas/search';
import { creatorCheckNeeded, type PlanId } from '@shared/plans';
import type { CreatorUser } from '@shared/schemas/creator';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { useOwnSites } from '@/lib/own-sites/get-own-sites';
import { ORIGINAL_URL_PLACEHOLDER, creatorDetails, dmcaEngineLabel } from '@/lib/submissions/submission-rules';
import { confirmContent } from '../api/confirm-content';
import { createCase, previewCase } from '../api/create-case';
import { infringingUrlText, resultUrls, selectedInOrder, toggleUrl } from '../utils/url-selection';
import { CaseActions, type OpenCase } from './case-actions';
import { CreatorFields } from './creator-fields';
import { FieldError, fieldA11y } from './field-error';
import { RightsFields } from './rights-fields';
import { UrlPicker } from './url-picker';

/** The statement the creator accepts (PRODUCT.md section 5: legalDeclaration must be ticked). */
export const LEGAL_DECLARATION =
  'I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law. The information in this notice is accurate, and under penalty of perjury, I am the owner, or authorized to act on behalf of the owner, of an exclusive right that is allegedly infringed.';

interface DmcaFormProps {
  /** The violation the notice is about (from `?resultId=`, or the case's result). */
  result?: SearchResult;
  /** The case already opened (the page at `/dmca/{id}`): the form shows it, locked. */
  existingCase?: DmcaCase;
  creator?: CreatorUser;
  plan: PlanId;
}

/**
 * The DMCA form (PRODUCT.md sections 2 and 5): creator details (read-only where filled from settings), the URL picker,
 * infringing URLs, original URL, description, search engine and the legal declaration; then the case actions.
 */
export function DmcaForm({ result, existingCase, creator, plan }: DmcaFormProps) {
  const urls = existingCase ? splitInfringingUrls(existingCase.infringingUrl) : resultUrls(result?.url);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(urls));
  const [openCase, setOpenCase] = useState<OpenCase | null>(() =>
    existingCase ? { id: existingCase.id, caseNumber: existingCase.caseNumber, searchEngine: existingCase.searchEngine } : null,
  );
  const prefilled = creatorDetails(creator);
  const locked = openCase !== null;

  const form = useForm<DmcaFormInput, unknown, DmcaFormValues>({
    resolver: zodResolver(dmcaFormSchema),
    defaultValues: {
      fullName: prefilled.name,
      email: prefilled.email,
      phone: prefilled.phone,
      address: prefilled.address,
      infringingUrl: existingCase?.infringingUrl ?? infringingUrlText(urls),
      originalUrl: existingCase?.originalUrl ?? '',
      note: '',
      searchEngine: existingCase?.searchEngine ?? 'google',
      // A case exists only once the declaration was accepted.
      legalDeclaration: existingCase ? true : undefined,
      rightsOwner: existingCase?.rights?.owner ?? 'creator',
      rightsOwnerName: existingCase?.rights?.ownerName,
      rightsAuthorized: existingCase?.rights?.owner === 'agent' ? true : undefined,
      contentConfirmed: existingCase?.contentConfirmedAt ? true : undefined,
    },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;

  /** Ticking URLs rewrites the infringing URLs and the description's count (PRODUCT.md section 2). */
  const applySelection = (next: ReadonlySet<string>) => {
    setSelected(next);
    const chosen = selectedInOrder(urls, next);
    form.setValue('infringingUrl', infringingUrlText(chosen), { shouldDirty: true, shouldValidate: isSubmitted });
    setPreview(null);
  };

  /** The server's refusal under the field it names (a URL not found or matched, an own or allowlisted site, the original URL). */
  const showRefusal = (error: unknown): boolean => {
    const fields = error instanceof ApiError ? (error.body?.fields ?? []) : [];
    let shown = false;
    for (const f of fields) {
      const name = f.path.replace(/^body\./, '');
      if (name === 'infringingUrl' || name === 'originalUrl' || name === 'note') {
        form.setError(name, { type: 'server', message: f.message });
        shown = true;
      }
    }
    if (!shown && error instanceof ApiError && error.status === 409 && error.body?.code === 'CASE_EXISTS') {
      form.setError('infringingUrl', { type: 'server', message: error.body.error });
      shown = true;
    }
    return shown;
  };

  const body = (values: DmcaFormValues) => ({
    userId: 'me',
    searchResultId: result!.id,
    infringingUrl: values.infringingUrl,
    ...(values.originalUrl ? { originalUrl: values.originalUrl } : {}),
    ...(values.note ? { note: values.note } : {}),
    searchEngine: values.searchEngine,
    rightsOwner: values.rightsOwner,
    ...(values.rightsOwner === 'agent' ? { rightsOwnerName: values.rightsOwnerName, rightsAuthorized: values.rightsAuthorized } : {}),
    ...(values.contentConfirmed ? { contentConfirmed: true } : {}),
  });

  const [preview, setPreview] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  /** The description the notice will carry, composed by the server from the template and the note, before anything is created. */
  const onPreview = async () => {
    if (!result) return;
    const ok = await form.trigger(['infringingUrl', 'originalUrl', 'note', 'searchEngine']);
    if (!ok) return;
    setPreviewing(true);
    try {
      const p = await previewCase({ ...body(form.getValues() as DmcaFormValues), searchEngine: form.getValues('searchEngine') ?? 'google' });
      setPreview(p.description);
    } catch (error) {
      setPreview(null);
      if (!showRefusal(error)) toast({ variant: 'destructive', title: 'Preview Failed', description: apiErrorMessage(error, 'The description could not be previewed') });
    } finally {
      setPreviewing(false);
    }
  };
  const ownSites = useOwnSites();
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';

  const onCreate = form.handleSubmit(async (values) => {
    if (!result) return;
    try {
      const created = await createCase(body(values));
      setOpenCase({ id: created.id, caseNumber: created.caseNumber, searchEngine: values.searchEngine });
      toast({ title: 'DMCA Case Created', description: `Case ${created.caseNumber} is ready. Generate the PDF or submit it automatically.` });
    } catch (error) {
      showRefusal(error);
      toast({ variant: 'destructive', title: 'Creation Failed', description: apiErrorMessage(error, 'Failed to create DMCA case') });
    }
  });

  const check = creatorCheckNeeded(result?.evidence);
  const [confirmedOpenCase, setConfirmedOpenCase] = useState(!!existingCase?.contentConfirmedAt);
  /** An open name-only case not yet confirmed: ticking the box records it (`POST /api/dmca/{id}/confirm-content`). */
  const onConfirmOpenCase =
    locked && check && !confirmedOpenCase && !form.getValues('contentConfirmed')
      ? async () => {
          try {
            await confirmContent(openCase.id);
            setConfirmedOpenCase(true);
          } catch (error) {
            form.setValue('contentConfirmed', undefined);
            toast({ variant: 'destructive', title: 'Not recorded', description: apiErrorMessage(error, 'The confirmation could not be recorded') });
          }
        }
      : undefined;

  return (
    <form onSubmit={onCreate} noValidate className="grid gap-6">
      <CreatorFields register={form.register} errors={errors} prefilled={prefilled} locked={locked} />

      <Card>
        <CardHeader>
          <CardTitle>Infringing content</CardTitle>
          <CardDescription>
            {result ? (
              <>
                Found on <span className="font-medium text-foreground">{result.domain}</span>
                {result.title && <> · {result.title}</>} · {Math.round(result.confidenceScore * 100)}% confidence
              </>
            ) : (
              'Where the copies are and which work of yours they copy.'
            )}
          </CardDescription>
          <FoundVia via={result?.evidence.via} />
        </CardHeader>
        <CardContent className="grid gap-5">
          {urls.length > 0 && !locked && (
            <UrlPicker
              urls={urls}
              selected={selected}
              onToggle={(url, on) => applySelection(toggleUrl(selected, url, on))}
              onSelectAll={() => applySelection(new Set(urls))}
              onClearAll={() => applySelection(new Set())}
            />
          )}
          <div className="grid gap-2">
            <Label htmlFor="dmca-infringingUrl">Infringing URLs</Label>
            <Textarea
              rows={Math.min(Math.max(selected.size, 2), 6)}
              readOnly={locked}
              className="font-mono text-xs md:text-xs"
              placeholder="One URL per line"
              {...fieldA11y('dmca-infringingUrl', errors.infringingUrl?.message)}
              {...form.register('infringingUrl')}
            />
            <p className="text-xs text-muted-foreground">One URL per line.</p>
            <FieldError id="dmca-infringingUrl" message={errors.infringingUrl?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="dmca-originalUrl">Original URL</Label>
            <Input
              type="url"
              inputMode="url"
              readOnly={locked}
              placeholder={ORIGINAL_URL_PLACEHOLDER}
              {...fieldA11y('dmca-originalUrl', errors.originalUrl?.message)}
              {...form.register('originalUrl')}
            />
            <p className="text-xs text-muted-foreground">
              Optional. Where your authorized original is published: accepted only on your sites
              {ownSites.data && ownSites.data.length > 0 ? ` (${ownSites.data.map((x) => x.value).join(', ')})` : ' (Settings, My sites)'}.
            </p>
            <FieldError id="dmca-originalUrl" message={errors.originalUrl?.message} />
          </div>
          {existingCase ? (
            <div className="grid gap-2">
              <Label htmlFor="dmca-description">Description</Label>
              <Textarea id="dmca-description" rows={5} readOnly value={existingCase.description} />
            </div>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="dmca-note">Your note (optional)</Label>
              <Textarea
                rows={3}
                readOnly={locked}
                placeholder="Anything the host should know, in your words. Links are removed."
                {...fieldA11y('dmca-note', errors.note?.message)}
                {...form.register('note', { onChange: () => setPreview(null) })}
              />
              <p className="text-xs text-muted-foreground">
                {note.length}/{MAX_NOTE_LENGTH} characters. The notice describes your work and how the copy was matched; your note is added
                below, with links removed.
              </p>
              <FieldError id="dmca-note" message={errors.note?.message} />
              {!locked && (
                <div>
                  <Button type="button" variant="outline" onClick={() => void onPreview()} disabled={previewing || !result}>
                    {previewing ? 'Previewing...' : 'Preview description'}
                  </Button>
                </div>
              )}
              {preview && (
                <section aria-label="Description preview" className="whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm">
                  {preview}
                </section>
              )}
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor="dmca-searchEngine">Search Engine</Label>
            <Controller
              control={form.control}
              name="searchEngine"
              render={({ field }) => (
                <Select value={field.value ?? ''} onValueChange={field.onChange} disabled={locked}>
                  <SelectTrigger
                    id="dmca-searchEngine"
                    className="w-full sm:w-64"
                    onBlur={field.onBlur}
                    aria-invalid={errors.searchEngine ? true : undefined}
                    aria-describedby={errors.searchEngine ? 'dmca-searchEngine-error' : undefined}
                  >
                    <SelectValue placeholder="Choose a search engine" />
                  </SelectTrigger>
                  <SelectContent>
                    {DMCA_SEARCH_ENGINES.map((engine) => (
                      <SelectItem key={engine} value={engine}>
                        {dmcaEngineLabel(engine)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id="dmca-searchEngine" message={errors.searchEngine?.message} />
          </div>
        </CardContent>
      </Card>

      <RightsFields control={form.control} register={form.register} errors={errors} locked={locked} check={check} onConfirmOpenCase={onConfirmOpenCase && (() => void onConfirmOpenCase())} />

      <Card>
        <CardHeader>
          <CardTitle>Legal declaration</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Controller
            control={form.control}
            name="legalDeclaration"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="dmca-legalDeclaration"
                  className="mt-0.5"
                  checked={field.value === true}
                  disabled={locked}
                  onCheckedChange={(on) => field.onChange(on === true ? true : undefined)}
                  onBlur={field.onBlur}
                  aria-invalid={errors.legalDeclaration ? true : undefined}
                  aria-describedby={errors.legalDeclaration ? 'dmca-legalDeclaration-error' : undefined}
                />
                <Label htmlFor="dmca-legalDeclaration" className="block font-normal leading-relaxed">
                  {LEGAL_DECLARATION}
                </Label>
              </div>
            )}
          />
          <FieldError id="dmca-legalDeclaration" message={errors.legalDeclaration?.message} />
        </CardContent>
      </Card>

      <CaseActions plan={plan} openCase={openCase} canCreate={!!result} creating={isSubmitting} submission={existingCase?.submission} />
    </form>
  );
}
