import { Fingerprint, Globe, ScanEye } from 'lucide-react';
import { ScanProgressCard } from '@/lib/scan/components/scan-progress-card';
import { ScanStartForm } from '@/lib/scan/components/scan-start-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Scan } from '@/lib/scan/api/get-scan';
import type { ScanStartFormValues } from '@/lib/scan/scan-start';
import type { DashboardState } from '../hooks/dashboard-flow';
import { ScanFacts } from './scan-facts';

interface SearchStepProps {
  state: DashboardState;
  scan: Scan | undefined;
  onStart: (values: ScanStartFormValues) => Promise<void>;
}

const HOW = [
  { icon: Globe, text: 'Searches Google and Bing for your names across web pages, images and videos.' },
  { icon: Fingerprint, text: 'Fingerprints your reference files and finds edited copies: crops, resizes, mirrors, watermarks.' },
  { icon: ScanEye, text: 'Ranks every find by how sure the match is, so you review the likely copies first.' },
];

/** Step 1 of the dashboard: the start form and, once a scan runs, its progress card (PRODUCT.md section 2). */
export function SearchStep({ state, scan, onStart }: SearchStepProps) {
  const shown = state.scan && (state.searching || state.outcome === 'failed') ? state.scan : undefined;
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-5">
      <Card className="lg:col-span-3">
        <CardHeader>
          <CardTitle className="text-lg">Search for violations</CardTitle>
          <CardDescription>
            Enter the names you publish under and, if you like, photos or videos of your content. Vigil searches the web
            for copies of them.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScanStartForm submitLabel="Start Protection Scan" onStart={onStart} running={state.searching} outcome={state.outcome} scan={state.scan && scan?.id === state.scan.id ? scan : undefined}>
            <ScanFacts />
          </ScanStartForm>
        </CardContent>
      </Card>
      <div className="grid content-start gap-5 lg:col-span-2">
        {shown ? (
          <ScanProgressCard searchId={shown.id} scan={scan} engines={shown.engines} startedAtMs={shown.startedAt} />
        ) : (
          <Card className="hidden bg-transparent shadow-none sm:flex">
            <CardHeader>
              <CardTitle className="text-base">What a scan does</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-4 text-sm text-muted-foreground">
                {HOW.map(({ icon: Icon, text }) => (
                  <li key={text} className="flex gap-3">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <span className="pt-1">{text}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
