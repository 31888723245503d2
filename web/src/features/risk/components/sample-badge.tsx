import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Marks figures that are sample values, not the creator's own. */
export function SampleBadge() {
  return (
    <Badge variant="outline" className="border-current bg-white/60" data-testid="sample-badge">
      <FlaskConical aria-hidden="true" />
      Sample data
    </Badge>
  );
}
