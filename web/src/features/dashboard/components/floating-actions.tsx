import { ListChecks, ScanSearch } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface FloatingActionsProps {
  showNewSearch: boolean;
  showReview: boolean;
  onNewSearch: () => void;
  onReview: () => void;
}

/**
 * The floating New Search and Review Results buttons (PRODUCT.md section 2), shown only when they lead somewhere new.
 * On phones they sit at the left, clear of the assistant's round button at the bottom right.
 */
export function FloatingActions({ showNewSearch, showReview, onNewSearch, onReview }: FloatingActionsProps) {
  if (!showNewSearch && !showReview) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-start px-4 sm:bottom-6 sm:justify-center">
      <div className="pointer-events-auto flex gap-2 rounded-full border bg-background/95 p-1.5 shadow-lg backdrop-blur">
        {showReview && (
          <Button className="rounded-full" variant={showNewSearch ? 'outline' : 'default'} onClick={onReview}>
            <ListChecks aria-hidden="true" />
            Review Results
          </Button>
        )}
        {showNewSearch && (
          <Button className="rounded-full" onClick={onNewSearch}>
            <ScanSearch aria-hidden="true" />
            New Search
          </Button>
        )}
      </div>
    </div>
  );
}
