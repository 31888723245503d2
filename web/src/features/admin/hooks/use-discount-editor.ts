import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { refreshAuditLog } from '../api/get-audit-log';
import { updateUserDiscount } from '../api/update-user-discount';
import { DISCOUNT_TOASTS, parseDiscount } from '../lib/discount';

/**
 * The inline discount edit (PRODUCT.md section 4): one row at a time. Edit opens a row with its current value; Save
 * checks the value (invalid: a destructive toast and nothing sent), sends it, and on success refreshes the list,
 * shows the success toast and leaves editing; Cancel leaves editing.
 */
export function useDiscountEditor(refresh: () => Promise<unknown>) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);

  const edit = (userId: string, current: number) => {
    setEditingId(userId);
    setDraft(String(current));
  };
  const cancel = () => setEditingId(null);

  const save = async () => {
    if (editingId === null || saving) return;
    const discount = parseDiscount(draft);
    if (discount === null) {
      toast({ title: DISCOUNT_TOASTS.invalid, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      await updateUserDiscount(editingId, discount);
    } catch (error) {
      // The server's reason (for example: an administrator's own discount) is what the admin can act on.
      toast({ title: DISCOUNT_TOASTS.failed, description: apiErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      setSaving(false);
      return;
    }
    // The update is stored; a failed refresh must not read as a failed update.
    await Promise.all([refresh().catch(() => undefined), refreshAuditLog().catch(() => undefined)]);
    toast({ title: DISCOUNT_TOASTS.updated });
    setEditingId(null);
    setSaving(false);
  };

  return { editingId, draft, setDraft, saving, edit, cancel, save };
}
