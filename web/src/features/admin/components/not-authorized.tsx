import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** What a signed-in user who is not an administrator sees on /admin: never any data. */
export function NotAuthorized() {
  return (
    <Card className="mx-auto max-w-lg items-center py-10 text-center" data-testid="admin-not-authorized">
      <CardContent className="flex flex-col items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldX className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <h2 className="text-lg font-semibold">Not authorized</h2>
          <p className="text-muted-foreground">You need administrator access to view this page.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
