import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

/**
 * Copies text to the clipboard and says so with a toast (PRODUCT.md section 2 and 8): 'Copied!' / 'Information copied
 * to clipboard', or 'Copy failed' / 'Please copy manually' when the browser refuses (no permission, insecure page).
 * @returns whether the text was copied.
 */
export async function copyWithToast(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied!', description: 'Information copied to clipboard' });
    return true;
  } catch {
    toast({ title: 'Copy failed', description: 'Please copy manually', variant: 'destructive' });
    return false;
  }
}

/** A read-only field with a copy button. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const onCopy = async () => {
    if (await copyWithToast(value)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} value={value} readOnly className="bg-muted/40 font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" variant="outline" size="icon" onClick={onCopy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
