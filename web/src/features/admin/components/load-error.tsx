import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/api-client';

/** A data call of the dashboard failed (other than a refusal): say so and offer to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card className="mx-auto max-w-lg items-center py-10 text-center" role="alert">
      <CardContent className="flex flex-col items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <AlertTriangle className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <h2 className="text-lg font-semibold">The business data could not be loaded</h2>
          <p className="text-muted-foreground">{apiErrorMessage(error, 'Please try again in a moment.')}</p>
        </div>
        <Button type="button" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}
