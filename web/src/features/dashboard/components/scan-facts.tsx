import { Clock, Layers, TrendingUp } from 'lucide-react';

const FACTS = [
  { icon: Layers, label: 'Deep crawl', value: 'Web + up to 290 Images/Videos' },
  { icon: Clock, label: 'Processing time', value: '2-5 min' },
  { icon: TrendingUp, label: 'Success rate', value: '94%' },
];

/** The start step's stated scan figures (PRODUCT.md section 2; display text only). */
export function ScanFacts() {
  return (
    <dl className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm sm:grid-cols-3">
      {FACTS.map(({ icon: Icon, label, value }) => (
        <div key={label}>
          <dt className="flex items-center gap-2 text-xs text-muted-foreground">
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {label}
          </dt>
          <dd className="pl-6 font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
