import { Check, Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAllowlist } from '@/lib/allowlist/get-allowlist';
import { useAddAllowlistEntry } from '../api/add-allowlist-entry';
import { allowlistErrorMessage } from './allowlist-error';
import { QUICK_ADD_REASON, QUICK_ADD_SITES, isAllowlisted } from './allowlist-options';

/** One-click entries for four common reference sites, added as fair use (PRODUCT.md section 2). */
export function QuickAddSites() {
  const { data } = useAllowlist();
  const add = useAddAllowlistEntry();
  const [adding, setAdding] = useState<string | null>(null);

  const onAdd = async (domain: string) => {
    setAdding(domain);
    try {
      const entry = await add.trigger({ domain, reason: QUICK_ADD_REASON, notes: 'Common reference site' });
      toast({ title: 'Domain Added', description: `${entry.domain} is now on your allowlist.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: allowlistErrorMessage(error, 'Failed to add domain to allowlist') });
    } finally {
      setAdding(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {QUICK_ADD_SITES.map(({ domain, name }) => {
        const listed = !!data && isAllowlisted(data, domain);
        return (
          <Button
            key={domain}
            type="button"
            variant="outline"
            size="sm"
            disabled={listed || adding !== null}
            aria-label={listed ? `${domain} is on your allowlist` : `Add ${domain}`}
            title={name}
            onClick={() => void onAdd(domain)}
          >
            {adding === domain ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : listed ? (
              <Check className="text-success" aria-hidden="true" />
            ) : (
              <Plus aria-hidden="true" />
            )}
            {domain}
          </Button>
        );
      })}
    </div>
  );
}
