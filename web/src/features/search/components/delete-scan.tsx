import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ConfirmInPlace } from '@/components/confirm-in-place';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { deleteScan } from '@/lib/scan/api/delete-scan';

/**
 * "Delete this scan" (issue 27): asks first, in place, then `DELETE /api/search/{id}`. The server decides what may
 * be deleted, so its refusal is shown here in its own words (still running, a monitor's run, a result with a
 * case) and nothing is deleted. On success the scan's results, evidence pictures and work files are gone (library
 * files stay); `onDeleted` leaves the page that showed it.
 */
export function DeleteScan({ scanId, onDeleted }: { scanId: string; onDeleted: () => void }) {
  const [refusal, setRefusal] = useState<string>();

  const remove = async () => {
    try {
      await deleteScan(scanId);
      toast({ title: 'Scan deleted', description: 'Its results and evidence pictures were deleted.' });
      onDeleted();
    } catch (error) {
      setRefusal(apiErrorMessage(error, 'The scan could not be deleted. Please try again.'));
    }
  };

  return (
    <div className="grid gap-3">
      <ConfirmInPlace
        trigger={
          <>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete this scan
          </>
        }
        triggerClassName="justify-self-start"
        title="Delete this scan?"
        confirmLabel="Delete scan"
        onConfirm={remove}
        onOpen={() => setRefusal(undefined)}
      >
        Its results and their evidence pictures are deleted for good. Your reference library, your cases and your other scans stay.
      </ConfirmInPlace>
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
    </div>
  );
}
