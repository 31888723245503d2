import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Figure, platformFigures } from '@/lib/public-stats/figures';
import { usePublicStats } from '@/lib/public-stats/get-public-stats';

const CELLS = [
  { id: 'scans', label: 'scans run' },
  { id: 'copiesFound', label: 'possible copies found' },
  { id: 'noticesSent', label: 'takedown notices sent' },
  { id: 'copiesRemoved', label: 'copies confirmed removed' },
] as const;

/**
 * The landing page's four platform figures, counted by the server from Vigil's own records
 * (`GET /api/public/stats`), with the date they were counted. Until they load (or if they cannot), the cells say
 * so without a number.
 */
export function PlatformStatsCard() {
  const { data, error } = usePublicStats();
  const figures = data ? platformFigures(data) : undefined;
  return (
    <Card className="gap-0 py-0 shadow-lg">
      <CardHeader className="border-b py-5">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Vigil so far
        </CardTitle>
        <CardDescription data-testid="platform-stats-caption">
          {figures ? (
            <>
              Counted from Vigil&apos;s own records on <Figure source="computed" id="asOf">{figures.asOf}</Figure>, all creators together.
            </>
          ) : error ? (
            'The figures cannot be loaded right now.'
          ) : (
            'Counting from Vigil’s own records…'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-px bg-border px-0">
        {CELLS.map((cell) => (
          <div key={cell.id} className="bg-card px-6 py-6">
            <p className="text-3xl font-bold tracking-tight">
              {figures ? (
                <Figure source="computed" id={cell.id}>
                  {figures[cell.id]}
                </Figure>
              ) : (
                <span aria-hidden="true">–</span>
              )}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{cell.label}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
