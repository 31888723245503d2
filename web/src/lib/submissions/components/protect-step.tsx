import { BulkAutomationCard } from './bulk-automation-card';
import { ManualFormsCard } from './manual-forms-card';

export interface ProtectStepProps {
  /** The result whose 'Send DMCA' opened this step, if any. */
  selectedResultId?: string;
  /** Back to the review step ('View Individual Violations'). */
  onViewViolations: () => void;
}

/**
 * Step 3 of the home dashboard (PRODUCT.md section 2): the bulk DMCA automation card and the Manual DMCA Forms card.
 * Lives in lib/submissions/ because the dashboard feature mounts it and features may not import one another.
 */
export function ProtectStep({ selectedResultId, onViewViolations }: ProtectStepProps) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
      <BulkAutomationCard preselectedId={selectedResultId} />
      <ManualFormsCard selectedResultId={selectedResultId} onViewViolations={onViewViolations} />
    </div>
  );
}
