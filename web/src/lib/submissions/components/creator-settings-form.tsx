import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, RefreshCw, Save, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CREATOR_LIMITS, creatorSettingsSchema, type CreatorSettings, type CreatorSettingsInput, type CreatorUser } from '@shared/schemas/creator';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { creatorDetails } from '../submission-rules';
import { useCreatorUser } from '../api/get-creator-user';
import { saveCreatorSettings } from '../api/save-creator-settings';

/**
 * The Settings page's Content Creator tab (PRODUCT.md sections 2, 5 and 8): name, e-mail, optional phone and address,
 * filled from `GET /api/user/me` (saved values first, then the account's), saved with
 * `PUT /api/user/me/content-creator`. Lives in lib/submissions/ because the settings feature mounts it.
 */
export function CreatorSettingsForm() {
  const user = useCreatorUser();
  if (user.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-7" label="Loading your details" />
      </div>
    );
  }
  // A failed read still shows the form (empty), so the creator can enter and save their details.
  return <LoadedForm user={user.data} loadFailed={!!user.error} onRetry={() => void user.mutate()} />;
}

function LoadedForm({ user, loadFailed, onRetry }: { user?: CreatorUser; loadFailed: boolean; onRetry: () => void }) {
  const ids = { name: useId(), email: useId(), phone: useId(), address: useId() };
  const start = creatorDetails(user);
  const form = useForm<CreatorSettingsInput, unknown, CreatorSettings>({
    resolver: zodResolver(creatorSettingsSchema),
    defaultValues: {
      contentCreatorName: start.name,
      contentCreatorEmail: start.email,
      contentCreatorPhone: start.phone,
      contentCreatorAddress: start.address,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const address = useWatch({ control: form.control, name: 'contentCreatorAddress' });

  const onSave = form.handleSubmit(async (values) => {
    try {
      await saveCreatorSettings(values);
      form.reset(form.getValues());
      toast({ title: 'Settings Saved', description: 'Your content creator information has been updated.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Save Failed', description: apiErrorMessage(error, 'Failed to save content creator information') });
    }
  });

  const field = (key: keyof typeof ids, message?: string) => ({
    id: ids[key],
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${ids[key]}-error` : undefined,
  });
  const error = (key: keyof typeof ids, message?: string) =>
    message && (
      <p id={`${ids[key]}-error`} className="text-sm text-destructive">
        {message}
      </p>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Content Creator Information</CardTitle>
        <CardDescription>The name and contact details of the owner of the content Vigil protects.</CardDescription>
      </CardHeader>
      <form onSubmit={onSave} noValidate className="contents">
        <CardContent className="grid gap-5">
          <p className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Kept on file for your records only. Notices are filed under Vigil&apos;s agent identity, so your own name, e-mail, phone
              and address are never sent to the site hosting a copy or to a search engine.
            </span>
          </p>
          {loadFailed && (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
              Your saved details could not be loaded.
              <Button type="button" variant="outline" size="sm" onClick={onRetry}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.name}>Content Creator Name</Label>
              <Input autoComplete="name" maxLength={CREATOR_LIMITS.name} {...field('name', errors.contentCreatorName?.message)} {...form.register('contentCreatorName')} />
              {error('name', errors.contentCreatorName?.message)}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Email</Label>
              <Input
                type="email"
                autoComplete="email"
                maxLength={CREATOR_LIMITS.email}
                {...field('email', errors.contentCreatorEmail?.message)}
                {...form.register('contentCreatorEmail')}
              />
              {error('email', errors.contentCreatorEmail?.message)}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.phone}>
                Phone <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Input type="tel" autoComplete="tel" maxLength={CREATOR_LIMITS.phone} {...field('phone', errors.contentCreatorPhone?.message)} {...form.register('contentCreatorPhone')} />
              {error('phone', errors.contentCreatorPhone?.message)}
            </div>
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={ids.address}>Address</Label>
              <Textarea
                rows={3}
                autoComplete="street-address"
                maxLength={CREATOR_LIMITS.address}
                {...field('address', errors.contentCreatorAddress?.message)}
                {...form.register('contentCreatorAddress')}
              />
              <CharCount length={(address ?? '').length} max={CREATOR_LIMITS.address} />
              {error('address', errors.contentCreatorAddress?.message)}
            </div>
          </div>
        </CardContent>
        <CardFooter className="flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {isSubmitting ? 'Saving...' : 'Save Settings'}
          </Button>
          {user?.contentCreatorUpdatedAt && (
            <span className="text-sm text-muted-foreground">Last saved {new Date(user.contentCreatorUpdatedAt).toLocaleString()}</span>
          )}
        </CardFooter>
      </form>
    </Card>
  );
}
