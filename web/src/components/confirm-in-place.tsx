import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The question a destructive action asks first, in place (not a modal): a small alert dialog with a title, what
 * goes and what stays, the confirming button (focused when it opens) and Cancel. Confirming runs `onConfirm`; the
 * panel closes (`onClose`) when it settles. What `onConfirm` does on success or refusal (a toast, a message, leaving
 * the page) is the caller's.
 */
export function ConfirmPanel({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  className,
}: {
  /** A question ("Delete this scan?"); it names the dialog. */
  title: string;
  /** What confirming deletes and what it keeps. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => confirmRef.current?.focus(), []);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <div role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className={cn('grid gap-3 rounded-xl border-2 border-destructive bg-card p-4', className)}>
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
        <Button variant="outline" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** A trigger button that turns into its `ConfirmPanel` where it stands, and back when the panel closes. */
export function ConfirmInPlace({
  trigger,
  triggerVariant = 'outline',
  triggerClassName,
  onOpen,
  dialogClassName,
  ...panel
}: {
  /** The trigger button's content. */
  trigger: ReactNode;
  triggerVariant?: ButtonProps['variant'];
  triggerClassName?: string;
  /** Called when the panel opens (to clear an earlier refusal, say). */
  onOpen?: () => void;
  /** Added to the panel's classes (its width in the caller's layout). */
  dialogClassName?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  if (open) return <ConfirmPanel {...panel} className={dialogClassName} onClose={() => setOpen(false)} />;
  return (
    <Button
      variant={triggerVariant}
      className={triggerClassName}
      onClick={() => {
        onOpen?.();
        setOpen(true);
      }}
    >
      {trigger}
    </Button>
  );
}
