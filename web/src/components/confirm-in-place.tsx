import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A destructive action that asks first, in place: the trigger button opens a small alert dialog (title, what goes
 * and what stays, the confirming button focused, Cancel); confirming runs `onConfirm`, and the dialog closes when it
 * settles. What `onConfirm` does on success or refusal (a toast, a message, leaving the page) is the caller's.
 */
export function ConfirmInPlace({
  trigger,
  triggerVariant = 'outline',
  triggerClassName,
  title,
  children,
  confirmLabel,
  onConfirm,
  onOpen,
  dialogClassName,
}: {
  /** The trigger button's content. */
  trigger: ReactNode;
  triggerVariant?: ButtonProps['variant'];
  triggerClassName?: string;
  /** The dialog's title, a question ("Delete this scan?"); it names the dialog. */
  title: string;
  /** What confirming deletes and what it keeps. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  /** Called when the dialog opens (to clear an earlier refusal, say). */
  onOpen?: () => void;
  /** Added to the dialog's classes (its width in the caller's layout). */
  dialogClassName?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  if (!confirming) {
    return (
      <Button
        variant={triggerVariant}
        className={triggerClassName}
        onClick={() => {
          onOpen?.();
          setConfirming(true);
        }}
      >
        {trigger}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className={cn('grid gap-3 rounded-xl border-2 border-destructive bg-card p-4', dialogClassName)}>
      <h2 id={`${id}-title`} className="font-semibold">
        {title}
      </h2>
      <p id={`${id}-text`} className="text-sm text-muted-foreground">
        {children}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={confirmRef} variant="destructive" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
