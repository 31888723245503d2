import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorMessage } from '@/lib/api-client';
import { exportMyData, requestAccountDeletion } from '../api/account-data';
import { useLatestExport } from '../api/get-latest-export';

const formatBytes = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/**
 * "Download my data": queues an export job; the page follows it (GET, polled while under way) and offers the
 * archive's link when it is ready. The creator is also e-mailed, so they may leave the page meanwhile.
 */
function ExportData() {
  const { data: job, mutate } = useLatestExport();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const underWay = job?.status === 'queued' || job?.status === 'building';
  const onClick = async () => {
    setPending(true);
    setError(undefined);
    try {
      await mutate(await exportMyData(), { revalidate: true });
    } catch (err) {
      setError(apiErrorMessage(err, 'Could not export your data. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">
        One ZIP archive with all your records (profile, scans, results, cases, monitors, alerts, allowlist, usage) as JSON, and your files (reference
        uploads, evidence pictures, notice PDFs). We e-mail you when it is ready; it is kept for 7 days.
      </p>
      <Button type="button" variant="outline" disabled={pending || underWay} onClick={onClick}>
        <Download aria-hidden="true" />
        {pending || underWay ? 'Preparing your archive…' : job?.status === 'ready' ? 'Make a new archive' : 'Download my data'}
      </Button>
      {underWay && (
        <p role="status" className="text-sm">
          Your archive is being prepared. This page shows the link when it is ready.
        </p>
      )}
      {job?.status === 'ready' && job.url && (
        <p role="status" className="text-sm">
          Your archive of {new Date(job.requestedAt).toLocaleString()} is ready ({job.items ?? 0} records, {job.files ?? 0} files,{' '}
          {formatBytes(job.bytes ?? 0)}):{' '}
          <a className="underline" href={job.url}>
            Download the archive
          </a>{' '}
          (this link works for an hour; reload the page for a new one).
        </p>
      )}
      {job?.status === 'failed' && (
        <p role="alert" className="text-sm text-destructive">
          Your last export could not be made ({job.error ?? 'unknown reason'}). Please try again.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Delete my account", in two steps here and one by e-mail: the creator types DELETE to confirm, the server mails
 * a link to the account address, and following that link starts the deletion (docs/ARCHITECTURE.md).
 */
function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const onConfirm = async () => {
    setPending(true);
    setError(undefined);
    try {
      setSentTo((await requestAccountDeletion()).sentTo);
    } catch (err) {
      setError(apiErrorMessage(err, 'Could not start the deletion. Please try again.'));
    } finally {
      setPending(false);
    }
  };
  if (sentTo) {
    return (
      <p role="status" className="text-sm">
        We sent a confirmation link to <strong className="break-all">{sentTo}</strong>. Open it within 24 hours to delete your account; nothing is deleted
        until you do.
      </p>
    );
  }
  if (!open) {
    return (
      <Button type="button" variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
    );
  }
  return (
    <div className="space-y-3 rounded-md border border-destructive/40 p-3">
      <p className="text-sm">
        Deleting your account removes, for good, everything stored with it: profile, scans, results, cases and notices, monitors, alerts, files, and the
        sign-in of <span className="break-all">{email}</span>. Download your data first if you want to keep it.
      </p>
      <div className="space-y-1">
        <Label htmlFor="confirm-delete">Type DELETE to confirm</Label>
        <Input id="confirm-delete" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="destructive" disabled={typed.trim() !== 'DELETE' || pending} onClick={onConfirm}>
          {pending ? 'Sending…' : 'Send the confirmation e-mail'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Account Settings: the creator's data, to take away or to delete (issue 27). */
export function DataControlCard({ email }: { email: string }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>
          <h2>Your data</h2>
        </CardTitle>
        <CardDescription>Take a copy of everything Vigil stores for you, or delete your account and all of it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <ExportData />
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">Deletion is confirmed by e-mail and done when we e-mail you that it is.</p>
          <DeleteAccount email={email} />
        </div>
      </CardContent>
    </Card>
  );
}
