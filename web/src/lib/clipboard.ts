import { toast } from '@/components/ui/use-toast';

/**
 * Copies text and says so (PRODUCT.md section 8): 'Copied!', or 'Copy failed' / 'Please copy manually' when the browser
 * refuses (no permission, insecure page).
 * @returns whether the text was copied.
 */
export async function copyText(text: string, label: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied!', description: `${label} copied to clipboard` });
    return true;
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Please copy manually' });
    return false;
  }
}
