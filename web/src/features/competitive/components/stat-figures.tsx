import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';
import { Figure, platformFigures } from '@/lib/public-stats/figures';
import { usePublicStats } from '@/lib/public-stats/get-public-stats';

/** The platform figures of `GET /api/public/stats`, or a line saying why they are not shown. */
export function WithPlatformFigures({ children }: { children: (figures: Record<string, string>) => ReactNode }) {
  const { data, error } = usePublicStats();
  if (error) return <p className="text-sm text-destructive">{apiErrorMessage(error, 'The figures could not be loaded.')}</p>;
  if (!data) return <Spinner label="Loading the figures" />;
  return <>{children(platformFigures(data))}</>;
}

/** One headline figure card. */
export function FigureCard({ label, detail, icon: Icon, tone, children }: { label: string; detail: ReactNode; icon: LucideIcon; tone: string; children: ReactNode }) {
  return (
    <Card className="h-full gap-3 px-5 py-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className={`flex size-9 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="text-3xl font-bold tracking-tight">{children}</p>
      <p className="text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

/** "as of <date>", the date being a computed figure. */
export function AsOf({ figures }: { figures: Record<string, string> }) {
  return (
    <>
      counted on <Figure source="computed" id="asOf">{figures.asOf}</Figure>
    </>
  );
}
