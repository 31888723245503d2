import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { riskBadgeVariant } from '../lib/risk-rules';

/**
 * A 0-100 risk figure as a badge: destructive above 70, secondary above 50, else default (PRODUCT.md section 4). The
 * secondary variant is tinted amber here: the theme's near-white secondary would read as "no risk".
 */
export function RiskScoreBadge({ score, suffix = '' }: { score: number; suffix?: string }) {
  const variant = riskBadgeVariant(score);
  return (
    <Badge variant={variant} data-variant={variant} className={cn(variant === 'secondary' && 'bg-amber-100 text-amber-900')}>
      {`${score}${suffix}`}
    </Badge>
  );
}
