import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { DmcaFormInput, RightsOwner } from '@shared/schemas/cases';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FieldError, fieldA11y } from './field-error';

export const RIGHTS_AUTHORIZATION = 'I am authorized to act for the rights owner named above.';
export const CONTENT_CONFIRMATION = 'I have checked this page shows my content.';

const OWNER_LABELS: Record<RightsOwner, string> = { creator: 'I own the rights', agent: 'A studio or agency owns the rights' };

interface RightsFieldsProps {
  control: Control<DmcaFormInput>;
  register: UseFormRegister<DmcaFormInput>;
  errors: FieldErrors<DmcaFormInput>;
  locked: boolean;
  /** The result was found by name only: the creator confirms the page shows their content (issue 10). */
  /** How the copy was found when the creator must check it first: by name only, or by likeness (their face). */
  check: 'name' | 'likeness' | undefined;
  /** For an open case not yet confirmed: ticking records the confirmation through its own route. */
  onConfirmOpenCase?: () => void;
}

/**
 * Who owns the rights in the work (the notice is sent on the owner's behalf) and, for a copy found by name
 * only, the creator's check of the page. The same zod rules as the API (shared/schemas/cases.ts checkRights).
 */
export function RightsFields({ control, register, errors, locked, check, onConfirmOpenCase }: RightsFieldsProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rights</CardTitle>
        <CardDescription>Who owns the copyright in this work. A notice for a studio's work is sent on its behalf.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Controller
          control={control}
          name="rightsOwner"
          render={({ field: owner }) => (
            <>
              <div className="grid gap-2">
                <Label htmlFor="dmca-rightsOwner">Rights owner</Label>
                <Select value={owner.value ?? 'creator'} onValueChange={owner.onChange} disabled={locked}>
                  <SelectTrigger id="dmca-rightsOwner" className="w-full sm:w-80" onBlur={owner.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(OWNER_LABELS) as RightsOwner[]).map((o) => (
                      <SelectItem key={o} value={o}>
                        {OWNER_LABELS[o]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {owner.value === 'agent' && (
                <>
                  <div className="grid gap-2">
                    <Label htmlFor="dmca-rightsOwnerName">Rights owner's name</Label>
                    <Input
                      readOnly={locked}
                      placeholder="Studio or agency"
                      {...fieldA11y('dmca-rightsOwnerName', errors.rightsOwnerName?.message)}
                      {...register('rightsOwnerName')}
                    />
                    <FieldError id="dmca-rightsOwnerName" message={errors.rightsOwnerName?.message} />
                  </div>
                  <CheckField control={control} name="rightsAuthorized" label={RIGHTS_AUTHORIZATION} locked={locked} message={errors.rightsAuthorized?.message} />
                </>
              )}
            </>
          )}
        />
        {check && (
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">
              {check === 'likeness'
                ? 'This is a likeness match: your face was found in the picture, which is not a copy of a file you uploaded. Compare the faces and open the page before any notice is sent.'
                : 'This copy was found by name only, not by matching your images. Open the page and check it before it is sent automatically.'}
            </p>
            <CheckField
              control={control}
              name="contentConfirmed"
              label={CONTENT_CONFIRMATION}
              locked={locked && !onConfirmOpenCase}
              message={errors.contentConfirmed?.message}
              onTicked={onConfirmOpenCase}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function CheckField(props: {
  control: Control<DmcaFormInput>;
  name: 'rightsAuthorized' | 'contentConfirmed';
  label: string;
  locked: boolean;
  message?: string;
  onTicked?: () => void;
}) {
  const id = `dmca-${props.name}`;
  return (
    <div className="grid gap-2">
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id={id}
              className="mt-0.5"
              checked={field.value === true}
              disabled={props.locked}
              onCheckedChange={(on) => {
                field.onChange(on === true);
                if (on === true) props.onTicked?.();
              }}
              onBlur={field.onBlur}
              aria-invalid={props.message ? true : undefined}
              aria-describedby={props.message ? `${id}-error` : undefined}
            />
            <Label htmlFor={id} className="block font-normal leading-relaxed">
              {props.label}
            </Label>
          </div>
        )}
      />
      <FieldError id={id} message={props.message} />
    </div>
  );
}
