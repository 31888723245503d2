import { Check, Minus, X } from 'lucide-react';
import type { Support } from '../data/competitive-content';

const MARKS = {
  yes: { icon: Check, label: 'Included', className: 'bg-emerald-100 text-emerald-700' },
  partial: { icon: Minus, label: 'Partial', className: 'bg-amber-100 text-amber-700' },
  no: { icon: X, label: 'Not offered', className: 'bg-muted text-muted-foreground' },
} as const;

/** A check, dash or cross for a feature matrix cell, with its meaning for screen readers. */
export function SupportMark({ support }: { support: Support }) {
  const { icon: Icon, label, className } = MARKS[support];
  return (
    <span className={`inline-flex size-6 items-center justify-center rounded-full ${className}`} title={label}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
