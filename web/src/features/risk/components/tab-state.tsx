import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';

/** What a tab shows while its call loads or after it failed. */
export function TabState({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-6" />
      </div>
    );
  }
  return (
    <p role="alert" className="py-10 text-center text-sm text-muted-foreground">
      {apiErrorMessage(error, 'This part of your risk picture could not be loaded. Please try again in a moment.')}
    </p>
  );
}
