import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { confidenceTone } from './review-logic';

const TONE_CLASSES = {
  red: 'border-transparent bg-red-600 text-white',
  yellow: 'border-transparent bg-amber-400 text-amber-950',
  grey: 'border-transparent bg-muted text-muted-foreground',
} as const;

/** A result's confidence (0-100) coloured by the thresholds of PRODUCT.md section 4: red from 80, yellow from 60, grey below. */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const tone = confidenceTone(confidence);
  return (
    <Badge className={cn(TONE_CLASSES[tone])} data-tone={tone}>
      {Math.round(confidence)}% confidence
    </Badge>
  );
}
