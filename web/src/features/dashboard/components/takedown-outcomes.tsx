import { useCreatorOutcomes } from '@/lib/outcomes/get-outcomes';
import { OutcomesCard } from '@/lib/outcomes/outcomes-card';

/** The creator's takedown outcomes on the dashboard (issue 23). */
export function TakedownOutcomes() {
  const { data } = useCreatorOutcomes();
  return <OutcomesCard figures={data} title="Your takedowns" description="Measured from your cases." />;
}
