import { useEffect, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { deleteScan } from '@/lib/scan/api/delete-scan';

/**
 * "Delete this scan" (issue 27): asks first, in place, then `DELETE /api/search/{id}`. The server decides what may
 * be deleted, so its refusal is shown here in its own words (still running, a monitor's run, a result with a
 * case) and nothing is deleted. On success the scan's results, evidence pictures and work files are gone (library files stay); `onDeleted` leaves
 * the page that showed it.
 */
export function DeleteScan({ scanId, onDeleted }: { scanId: string; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteScan(scanId);
      toast({ title: 'Scan deleted', description: 'Its results and evidence pictures were deleted.' });
      onDeleted();
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The scan could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="grid gap-3">
      {!confirming && (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            setRefusal(undefined);
            setConfirming(true);
          }}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete this scan
        </Button>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby="delete-scan-title" aria-describedby="delete-scan-text" className="grid gap-3 rounded-xl border-2 border-destructive bg-card p-4">
          <h2 id="delete-scan-title" className="font-semibold">
            Delete this scan?
          </h2>
          <p id="delete-scan-text" className="text-sm text-muted-foreground">
            Its results and their evidence pictures are deleted for good. Your reference library, your cases and your other scans stay.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button ref={confirmRef} variant="destructive" disabled={busy} onClick={() => void remove()}>
              Delete scan
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
    </div>
  );
}
