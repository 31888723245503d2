import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface ManualFormsCardProps {
  /** The violation whose 'Send DMCA' opened the protect step, if any: offered as a direct link to its form. */
  selectedResultId?: string;
  /** Back to the review step. */
  onViewViolations: () => void;
}

/**
 * The Manual DMCA Forms card of the protect step (PRODUCT.md section 2): one notice at a time from the DMCA page, and
 * 'View Individual Violations' back to review, where each unauthorized result has its own 'Send DMCA'.
 */
export function ManualFormsCard({ selectedResultId, onViewViolations }: ManualFormsCardProps) {
  return (
    <Card role="region" aria-labelledby="manual-forms-heading">
      <CardHeader>
        <CardTitle id="manual-forms-heading" className="flex items-center gap-2">
          <FileText className="size-5 text-primary" aria-hidden="true" />
          Manual DMCA Forms
        </CardTitle>
        <CardDescription>
          Prepare one notice at a time: choose the exact URLs, download the notice as a PDF and file it with the search engine
          yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {selectedResultId && (
          <Button asChild>
            <Link to={`/dmca/new?resultId=${encodeURIComponent(selectedResultId)}`}>
              <FileText aria-hidden="true" />
              Open DMCA Form
            </Link>
          </Button>
        )}
        <Button variant="outline" onClick={onViewViolations}>
          <ArrowLeft aria-hidden="true" />
          View Individual Violations
        </Button>
      </CardContent>
    </Card>
  );
}
