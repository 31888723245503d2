import type { Priority } from '@shared/schemas/search';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { riskOf } from './search-summary';

const LEVEL_CLASSES = {
  high: 'border-transparent bg-red-600 text-white',
  medium: 'border-transparent bg-amber-400 text-amber-950',
  low: 'border-transparent bg-muted text-muted-foreground',
} as const;

/** A violation's risk badge (by its priority). */
export function RiskBadge({ priority }: { priority: Priority }) {
  const risk = riskOf(priority);
  return <Badge className={cn(LEVEL_CLASSES[risk.level])}>{risk.label}</Badge>;
}
