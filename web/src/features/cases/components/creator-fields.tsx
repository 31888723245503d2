import { ShieldCheck } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import type { DmcaFormInput } from '@shared/schemas/cases';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { CreatorDetails } from '@/lib/submissions/submission-rules';
import { FieldError, fieldA11y } from './field-error';

interface CreatorFieldsProps {
  register: UseFormRegister<DmcaFormInput>;
  errors: FieldErrors<DmcaFormInput>;
  /** The details the form started from: a field filled from settings is read-only. */
  prefilled: CreatorDetails;
  /** The whole form is locked once the case exists. */
  locked: boolean;
}

/**
 * The creator's details on the DMCA page (PRODUCT.md sections 2 and 5): filled from the Content Creator settings and
 * shown read-only where filled; empty ones can be typed here or saved in Settings. They stay on file: the notice is
 * filed under Vigil's agent identity, so these are never sent to the host.
 */
export function CreatorFields({ register, errors, prefilled, locked }: CreatorFieldsProps) {
  const readOnly = (value: string) => locked || value !== '';
  const readOnlyClass = 'read-only:bg-muted/50 read-only:text-muted-foreground';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
        <CardDescription>
          Filled from your{' '}
          <Link to="/settings" className="text-primary underline underline-offset-4">
            Content Creator settings
          </Link>
          , where you can change them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Your identity stays private. Vigil files every notice under its own agent identity (the agent&apos;s name, address, e-mail
            and signature), so your name, e-mail, phone and address are never sent to the site hosting the copy or to a search engine.
          </span>
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="dmca-fullName">Full Name</Label>
            <Input
              readOnly={readOnly(prefilled.name)}
              className={readOnlyClass}
              autoComplete="name"
              {...fieldA11y('dmca-fullName', errors.fullName?.message)}
              {...register('fullName')}
            />
            <FieldError id="dmca-fullName" message={errors.fullName?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="dmca-email">Email</Label>
            <Input
              type="email"
              readOnly={readOnly(prefilled.email)}
              className={readOnlyClass}
              autoComplete="email"
              {...fieldA11y('dmca-email', errors.email?.message)}
              {...register('email')}
            />
            <FieldError id="dmca-email" message={errors.email?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="dmca-phone">
              Phone <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              type="tel"
              readOnly={readOnly(prefilled.phone)}
              className={readOnlyClass}
              autoComplete="tel"
              {...fieldA11y('dmca-phone', errors.phone?.message)}
              {...register('phone')}
            />
            <FieldError id="dmca-phone" message={errors.phone?.message} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="dmca-address">Address</Label>
            <Textarea
              rows={2}
              readOnly={readOnly(prefilled.address)}
              className={readOnlyClass}
              autoComplete="street-address"
              {...fieldA11y('dmca-address', errors.address?.message)}
              {...register('address')}
            />
            <FieldError id="dmca-address" message={errors.address?.message} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
