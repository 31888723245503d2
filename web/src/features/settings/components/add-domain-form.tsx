import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ALLOWLIST_REASONS, MAX_NOTES_LENGTH, allowlistCreateSchema } from '@shared/schemas/allowlist';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useAddAllowlistEntry } from '../api/add-allowlist-entry';
import { allowlistErrorMessage } from './allowlist-error';
import { REASON_LABELS } from './allowlist-options';

type FormInput = z.input<typeof allowlistCreateSchema>;
type FormOutput = z.output<typeof allowlistCreateSchema>;

/**
 * The add form of the allowlist (PRODUCT.md sections 2 and 5): domain, reason and optional notes; the button is enabled
 * only when a domain and a reason are set. The domain is checked with the API's own schema before it is sent.
 */
export function AddDomainForm() {
  const ids = { domain: useId(), reason: useId(), notes: useId() };
  const add = useAddAllowlistEntry();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(allowlistCreateSchema),
    defaultValues: { domain: '', notes: '' },
  });
  const [domain, reason, notes] = useWatch({ control: form.control, name: ['domain', 'reason', 'notes'] });
  const ready = !!domain?.trim() && !!reason;
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const entry = await add.trigger(values);
      toast({ title: 'Domain Added', description: `${entry.domain} is now on your allowlist.` });
      form.reset({ domain: '', notes: '', reason: undefined });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: allowlistErrorMessage(error, 'Failed to add domain to allowlist') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={ids.domain}>Domain</Label>
          <Input
            id={ids.domain}
            placeholder="example.com"
            autoComplete="off"
            inputMode="url"
            aria-invalid={errors.domain ? true : undefined}
            aria-describedby={errors.domain ? `${ids.domain}-error` : undefined}
            {...form.register('domain')}
          />
          {errors.domain && (
            <p id={`${ids.domain}-error`} className="text-sm text-destructive">
              {errors.domain.message}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.reason}>Reason</Label>
          <Controller
            control={form.control}
            name="reason"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger id={ids.reason} className="w-full" aria-invalid={errors.reason ? true : undefined} onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a reason" />
                </SelectTrigger>
                <SelectContent>
                  {ALLOWLIST_REASONS.map((r) => (
                    <SelectItem key={r} value={r}>
                      {REASON_LABELS[r]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {errors.reason && <p className="text-sm text-destructive">{errors.reason.message}</p>}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.notes}>
          Notes <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={ids.notes}
          rows={2}
          maxLength={MAX_NOTES_LENGTH}
          placeholder="For example: licensed to this partner until 2027"
          aria-describedby={`${ids.notes}-count`}
          {...form.register('notes')}
        />
        <CharCount id={`${ids.notes}-count`} length={(notes ?? '').length} max={MAX_NOTES_LENGTH} />
        {errors.notes && <p className="text-sm text-destructive">{errors.notes.message}</p>}
      </div>
      <div>
        <Button type="submit" disabled={!ready || isSubmitting}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          Add Domain
        </Button>
      </div>
    </form>
  );
}
