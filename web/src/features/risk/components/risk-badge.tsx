import { Badge } from '@/components/ui/badge';
import { riskBadgeVariant } from '../lib/risk-rules';

/** A 0-100 risk figure as a badge: destructive above 70, secondary above 50, else default (SPEC section 4). */
export function RiskScoreBadge({ score, suffix = '' }: { score: number; suffix?: string }) {
  return <Badge variant={riskBadgeVariant(score)}>{`${score}${suffix}`}</Badge>;
}
