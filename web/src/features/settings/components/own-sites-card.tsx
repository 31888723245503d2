import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { OWN_SITE_MESSAGE, parseOwnSite } from '@shared/schemas/own-sites';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAddOwnSite, useOwnSites, useRemoveOwnSite } from '@/lib/own-sites/get-own-sites';
import { allowlistErrorMessage } from './allowlist-error';

/**
 * "My sites" (issue 23), beside the allowlist: the creator's own sites and handles, declared once. They are
 * allowlisted automatically, they are the only accepted original URLs of a notice, and no notice is ever sent
 * about them.
 */
export function OwnSitesCard() {
  const id = useId();
  const { data: sites, error: loadError } = useOwnSites();
  const add = useAddOwnSite();
  const remove = useRemoveOwnSite();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parseOwnSite(value)) return setError(OWN_SITE_MESSAGE);
    setError(null);
    try {
      await add.trigger(value);
      setValue('');
      toast({ title: 'Site Added', description: 'Vigil will never send a notice about it.' });
    } catch (err) {
      setError(allowlistErrorMessage(err, 'Failed to add your site'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>My sites</CardTitle>
        <CardDescription>
          Your own sites and handles. Scans skip them, no notice is ever sent about them, and a notice names an original URL
          only when it is on one of them. A domain covers its subdomains; a handle URL (instagram.com/yourname) covers that
          account&apos;s pages.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor={id}>Site or handle</Label>
            <Input
              id={id}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder="yoursite.com or https://instagram.com/yourname"
              autoComplete="off"
              inputMode="url"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <Button type="submit" disabled={!value.trim() || add.isMutating}>
            {add.isMutating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            Add site
          </Button>
        </form>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {loadError ? (
          <p className="text-sm text-destructive">Failed to load your sites.</p>
        ) : !sites ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : sites.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sites yet. Add the site where you publish your work.</p>
        ) : (
          <ul aria-label="My sites" className="grid gap-2">
            {sites.map((s) => (
              <li key={s.value} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="break-all">
                  {s.value} <span className="text-muted-foreground">({s.kind === 'handle' ? 'handle' : 'site'})</span>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${s.value}`}
                  disabled={remove.isMutating}
                  onClick={() =>
                    void remove.trigger(s.value).catch((err: unknown) =>
                      toast({ variant: 'destructive', title: 'Error', description: allowlistErrorMessage(err, 'Failed to remove your site') }),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
