import type { ManagedUser } from '@shared/schemas/admin';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const PLAN_NAMES: Record<ManagedUser['subscriptionPlan'], string> = { trial: 'Trial', basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' };

/** First and last name, or the e-mail when the user gave no name. */
export function userName(user: Pick<ManagedUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/** The plan; Enterprise stands out (PRODUCT.md section 2). */
export function PlanBadge({ plan }: { plan: ManagedUser['subscriptionPlan'] }) {
  return (
    <Badge
      variant={plan === 'enterprise' ? 'default' : plan === 'trial' ? 'outline' : 'secondary'}
      className={cn(plan === 'enterprise' && 'bg-gradient-to-r from-violet-600 to-indigo-600')}
      data-highlighted={plan === 'enterprise' || undefined}
    >
      {PLAN_NAMES[plan] ?? plan}
    </Badge>
  );
}

/** The subscription status; Active stands out (PRODUCT.md section 2). */
export function StatusBadge({ status }: { status: string }) {
  const active = status.toLowerCase() === 'active';
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  return (
    <Badge variant={active ? 'default' : 'outline'} className={cn(active && 'bg-emerald-700')} data-highlighted={active || undefined}>
      {label}
    </Badge>
  );
}
