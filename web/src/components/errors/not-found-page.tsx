import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** Shown for every path the current session has no route for (PRODUCT.md section 2). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[70vh] w-full flex-1 items-center justify-center px-4 py-16">
      <title>404 Page Not Found · Vigil</title>
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <FileQuestion className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
          <p className="text-sm text-muted-foreground">
            There is nothing at this address. Check the link, or start again from the home page.
          </p>
          <Button asChild variant="outline">
            <Link to="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
