import { Construction } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * An honest placeholder for a signed-in screen that a later piece of work builds: it names the screen and says it
 * is not built yet, and it never pretends to work.
 */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <title>{`${title} · Vigil`}</title>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <Card className="border-dashed">
        <CardHeader className="flex flex-row items-center gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Construction className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle>This screen is not built yet.</CardTitle>
            <CardDescription>It is part of Vigil's plan and arrives in a later release.</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </div>
  );
}
