import { useAdminOutcomes } from '@/lib/outcomes/get-outcomes';
import { OutcomesCard } from '@/lib/outcomes/outcomes-card';

/** Platform-wide takedown outcomes (issue 23) on the admin dashboard: cases ended, and copies that came back, in the last 90 days. */
export function PlatformOutcomesCard() {
  const { data } = useAdminOutcomes();
  return <OutcomesCard figures={data} title="Takedown outcomes (platform)" description="Cases ended and copies back online in the last 90 days." />;
}
