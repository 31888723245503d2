import { FileImage, FileVideo, Loader2, Pencil, RefreshCw, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_LIBRARY_FILES, MAX_REFERENCE_TITLE_LENGTH, type LibraryReference } from '@shared/schemas/library';
import { MAX_REFERENCE_FILE_BYTES, REFERENCE_ACCEPT } from '@shared/references';
import { ConfirmPanel } from '@/components/confirm-in-place';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CharCount } from '@/components/ui/char-count';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { addToLibrary, deleteLibraryReference, updateLibraryReference, useLibrary } from '@/lib/references/get-library';
import { addReferenceFiles, formatBytes } from '@/lib/scan/scan-start';

const today = () => new Date().toISOString().slice(0, 10);

/** Title and publication date fields, shared by the upload form and a file's edit form. */
function WorkFields({ title, date, onTitle, onDate }: { title: string; date: string; onTitle: (v: string) => void; onDate: (v: string) => void }) {
  const ids = { title: useId(), date: useId() };
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_11rem]">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.title}>Title of the work</Label>
        <Input id={ids.title} value={title} maxLength={MAX_REFERENCE_TITLE_LENGTH} aria-describedby={`${ids.title}-count`} onChange={(e) => onTitle(e.target.value)} />
        <CharCount id={`${ids.title}-count`} length={title.length} max={MAX_REFERENCE_TITLE_LENGTH} />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={ids.date}>First published</Label>
        <Input id={ids.date} type="date" value={date} max={today()} onChange={(e) => onDate(e.target.value)} />
      </div>
    </div>
  );
}

/** Adds one file with its title and date; the server's refusal (type, size, date, a full library) is shown under the button. */
function UploadForm() {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const choose = (chosen: File | undefined) => {
    setError(undefined);
    if (!chosen) return setFile(undefined);
    const checked = addReferenceFiles([], [chosen]);
    if (checked.refused[0]) {
      setFile(undefined);
      setError(`${chosen.name} ${checked.refused[0].reason}.`);
      return;
    }
    setFile(chosen);
    if (!title) setTitle(chosen.name.replace(/\.[^.]+$/, '').slice(0, MAX_REFERENCE_TITLE_LENGTH));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      await addToLibrary(file, { title, publishedOn: date });
      toast({ title: 'Added to your library', description: `"${title.trim() || file.name}" can now be chosen in scans and monitors.` });
      setFile(undefined);
      setTitle('');
      setDate('');
      if (input.current) input.current.value = '';
    } catch (err) {
      setError(apiErrorMessage(err, 'The file could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Add to your library">
      <div className="grid gap-1.5">
        <Label htmlFor={fileId}>File</Label>
        <Input ref={input} id={fileId} type="file" accept={REFERENCE_ACCEPT} onChange={(e) => choose(e.target.files?.[0])} />
        <p className="text-xs text-muted-foreground">JPG, PNG, MP4 or MOV, up to {formatBytes(MAX_REFERENCE_FILE_BYTES)}.</p>
      </div>
      <WorkFields title={title} date={date} onTitle={setTitle} onDate={setDate} />
      <Button type="submit" disabled={!file || busy} className="sm:w-fit">
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
        Add to library
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/** One file: its title, date and the monitors using it; edit and delete, each refusal said on the row. */
function LibraryRow({ file }: { file: LibraryReference }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(file.title);
  const [date, setDate] = useState(file.publishedOn ?? '');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const Icon = file.kind === 'video' ? FileVideo : FileImage;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await updateLibraryReference(file.id, { title, publishedOn: date || null });
      setEditing(false);
    } catch (err) {
      setError(apiErrorMessage(err, 'The change could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteLibraryReference(file.id);
      toast({ title: 'Deleted from your library', description: `"${file.title}" and its stored file are deleted.` });
    } catch (err) {
      setError(apiErrorMessage(err, 'The file could not be deleted.'));
      setBusy(false);
    }
  };

  return (
    <li className="grid gap-2 px-4 py-3" data-testid="library-file">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{file.title}</p>
          <p className="truncate text-xs text-muted-foreground">
            {file.filename} · {formatBytes(file.size)} · {file.publishedOn ? `first published ${file.publishedOn}` : 'no publication date'} · added{' '}
            {file.createdAt.slice(0, 10)}
          </p>
          {file.monitors.length > 0 && (
            <p className="text-xs text-muted-foreground">Used by {file.monitors.map((m) => m.name).join(', ')}</p>
          )}
        </div>
        <Button variant="ghost" size="icon" aria-label={`Edit ${file.title}`} disabled={busy} onClick={() => setEditing((e) => !e)}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${file.title}`}
          disabled={busy || confirming}
          onClick={() => {
            setError(undefined);
            setConfirming(true);
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {confirming && (
        <ConfirmPanel title={`Delete "${file.title}"?`} confirmLabel="Delete file" onConfirm={remove} onClose={() => setConfirming(false)}>
          The file is deleted from your library and from storage, for good. What your scans already found with it stays.
        </ConfirmPanel>
      )}
      {editing && (
        <form onSubmit={save} noValidate className="grid gap-3" aria-label={`Edit ${file.title}`}>
          <WorkFields title={title} date={date} onTitle={setTitle} onDate={setDate} />
          <Button type="submit" size="sm" disabled={busy} className="w-fit">
            Save
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * Settings > Reference library (issue 26): the creator's reference files, each with the title and date notices use
 * to describe the work. Files uploaded with a scan or monitor appear here too; a file a monitor uses cannot be
 * deleted until the monitor is.
 */
export function LibraryTab() {
  const { data, error, isLoading, mutate } = useLibrary();
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Add a reference file</CardTitle>
          <CardDescription>Upload once, then choose it in any scan or monitor. Notices name the work by its title and date.</CardDescription>
        </CardHeader>
        <CardContent>
          <UploadForm />
        </CardContent>
      </Card>
      <Card className="lg:col-span-3">
        <CardHeader>
          <CardTitle>Reference library</CardTitle>
          <CardDescription>
            {data ? `${data.length} of ${MAX_LIBRARY_FILES} files.` : 'Your reference files.'} Deleting a file deletes it from storage; past scans keep their results.
          </CardDescription>
        </CardHeader>
        <CardContent className="p-0">
          {isLoading ? (
            <div className="flex justify-center py-8">
              <Spinner label="Loading your library" />
            </div>
          ) : error || !data ? (
            <div className="flex flex-col items-center gap-3 py-6 text-center">
              <p role="alert" className="text-sm text-destructive">
                {apiErrorMessage(error, 'Failed to load your library. Please try again.')}
              </p>
              <Button variant="outline" size="sm" onClick={() => void mutate()}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : data.length === 0 ? (
            <p className="mx-6 mb-6 rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground">
              No reference files yet. Files you add here or upload with a scan or monitor are kept here.
            </p>
          ) : (
            <ul className="divide-y border-t" aria-label="Reference files">
              {data.map((file) => (
                <LibraryRow key={file.id} file={file} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
