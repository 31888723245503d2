import { Loader2, ScanFace, Trash2, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { LIKENESS_CONSENT_TEXT, MAX_ENROLLED_FACES, MIN_ENROLLED_FACES, type LikenessStatus } from '@shared/schemas/likeness';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { useAddLikenessPhoto, useConfirmLikeness, useConsentLikeness, useLikeness, useRevokeLikeness } from '../api/get-likeness';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A chosen photo as a JPEG data URL at most 1600 px on its longer side (phone photos are larger than the 4 MB limit). */
async function photoDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.9);
}

/**
 * Likeness matching (issue 24), opt-in: what it does, the explicit consent, enrolment with at least three photos
 * of the creator (each checked for exactly one clear face; the creator confirms the crops) and revocation, which
 * deletes the face data at once.
 */
export function LikenessTab() {
  const { data, error } = useLikeness();
  if (error) return <p className="text-sm text-destructive">Failed to load your likeness settings.</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading...</p>;
  return data.state === 'off' ? <ConsentCard /> : <EnrolmentCard status={data} />;
}

function ConsentCard() {
  const id = useId();
  const [agreed, setAgreed] = useState(false);
  const consent = useConsentLikeness();
  const onConsent = async () => {
    try {
      await consent.trigger();
      toast({ title: 'Likeness matching consented', description: `Now add at least ${MIN_ENROLLED_FACES} photos of yourself.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not saved', description: apiErrorMessage(err, 'Your consent could not be saved') });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ScanFace className="size-5" aria-hidden="true" /> Likeness matching
        </CardTitle>
        <CardDescription>Off. Read what it does before turning it on.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-2 pl-5 text-sm" data-testid="likeness-consent-text">
          {LIKENESS_CONSENT_TEXT.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="flex items-start gap-2">
          <Checkbox id={id} checked={agreed} onCheckedChange={(v) => setAgreed(v === true)} />
          <Label htmlFor={id} className="text-sm font-normal leading-snug">
            I have read this and I agree that Vigil keeps face data of mine for likeness matching, until I turn it off.
          </Label>
        </div>
        <Button className="w-fit" disabled={!agreed || consent.isMutating} onClick={() => void onConsent()}>
          {consent.isMutating && <Loader2 className="animate-spin" aria-hidden="true" />}
          Turn on likeness matching
        </Button>
      </CardContent>
    </Card>
  );
}

function EnrolmentCard({ status }: { status: LikenessStatus }) {
  const inputId = useId();
  const add = useAddLikenessPhoto();
  const confirm = useConfirmLikeness();
  const revoke = useRevokeLikeness();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(status.faces.map((f) => f.id)));
  const [problems, setProblems] = useState<string[]>([]);

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const found: string[] = [];
    for (const file of files) {
      try {
        const next = await add.trigger(await photoDataUrl(file));
        const newest = next.faces.at(-1);
        if (newest) setChosen((s) => new Set(s).add(newest.id));
      } catch (err) {
        found.push(`${file.name}: ${apiErrorMessage(err, 'This photo could not be used')}`);
      }
    }
    setProblems(found);
  };

  const onConfirm = async () => {
    try {
      await confirm.trigger([...chosen].filter((id) => status.faces.some((f) => f.id === id)));
      toast({ title: 'Likeness matching is on', description: 'Your next scans look for your face in the pictures they find.' });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not enrolled', description: apiErrorMessage(err, 'The faces could not be enrolled') });
    }
  };

  const onRevoke = async () => {
    try {
      await revoke.trigger();
      toast({ title: 'Likeness matching is off', description: 'Your face data was deleted.' });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not turned off', description: apiErrorMessage(err, 'Please try again') });
    }
  };

  const selected = status.faces.filter((f) => chosen.has(f.id)).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ScanFace className="size-5" aria-hidden="true" /> Likeness matching
        </CardTitle>
        <CardDescription data-testid="likeness-state">
          {status.state === 'on'
            ? `On since ${formatDate(status.enrolledAt!)}: scans compare the faces in found pictures with your ${status.faces.length} enrolled faces.`
            : `Consented on ${formatDate(status.consent!.at)}. Add at least ${MIN_ENROLLED_FACES} photos of yourself, each showing only your face, then confirm the crops.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.state === 'enrolling' && (
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Photos of yourself (JPG or PNG)</Label>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png"
              multiple
              disabled={add.isMutating || status.faces.length >= MAX_ENROLLED_FACES}
              onChange={(e) => void onFiles(e)}
              className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
            />
            <p className="text-xs text-muted-foreground">
              {add.isMutating ? (
                <span className="inline-flex items-center gap-1">
                  <Loader2 className="size-3 animate-spin" aria-hidden="true" /> Finding the face...
                </span>
              ) : (
                <span className="inline-flex items-center gap-1">
                  <Upload className="size-3" aria-hidden="true" /> Only the face crop and its embedding are kept; the photo is not.
                </span>
              )}
            </p>
          </div>
        )}
        {problems.length > 0 && (
          <ul role="alert" className="grid gap-1 text-sm text-destructive">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {status.faces.length > 0 && (
          <ul aria-label="Your faces" className="flex flex-wrap gap-3">
            {status.faces.map((f) => (
              <li key={f.id} className="grid justify-items-center gap-1">
                <img src={f.crop} alt="A face from your photo" className="size-24 rounded-md object-cover" />
                {status.state === 'enrolling' ? (
                  <label className="flex items-center gap-1 text-xs">
                    <Checkbox
                      checked={chosen.has(f.id)}
                      onCheckedChange={(v) => setChosen((s) => { const n = new Set(s); if (v === true) n.add(f.id); else n.delete(f.id); return n; })}
                      aria-label="This is me"
                    />
                    This is me
                  </label>
                ) : (
                  <span className="text-xs text-muted-foreground">Enrolled</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          {status.state === 'enrolling' && (
            <Button disabled={selected < MIN_ENROLLED_FACES || confirm.isMutating || add.isMutating} onClick={() => void onConfirm()}>
              {confirm.isMutating && <Loader2 className="animate-spin" aria-hidden="true" />}
              Confirm {selected} face{selected === 1 ? '' : 's'} and turn on
            </Button>
          )}
          <Button variant="outline" disabled={revoke.isMutating} onClick={() => void onRevoke()}>
            <Trash2 aria-hidden="true" />
            Turn off and delete my face data
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
