import { ArrowRight, DollarSign, Repeat, TrendingUp, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFinancialStats } from '../api/get-financial-stats';

/** The Admin Dashboard tab's static sample revenue figures (PRODUCT.md section 2). */
const SAMPLE_FIGURES = [
  { label: 'Total Revenue', value: '$52,500', icon: DollarSign },
  { label: 'Monthly Recurring Revenue', value: '$12,500', icon: Repeat },
  { label: 'Active Subscribers', value: '350', icon: Users },
  { label: 'Monthly Growth', value: '+12.5%', icon: TrendingUp },
] as const;

/**
 * Admin Dashboard tab (administrators only): static sample revenue figures and the way to the
 * Business Dashboard, where the real figures are. The financial-stats call is made here as the original screen made it;
 * its answer is not shown (PRODUCT.md section 7: "result not used").
 */
export function AdminSummaryTab() {
  useFinancialStats();
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Admin Dashboard</h2>
          </CardTitle>
          <CardDescription>Revenue at a glance. The Business Dashboard has the live figures.</CardDescription>
        </div>
        <Badge variant="secondary">Sample figures</Badge>
      </CardHeader>
      <CardContent className="space-y-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SAMPLE_FIGURES.map(({ label, value, icon: Icon }) => (
            <li key={label} className="rounded-lg border p-4">
              <div className="flex items-center justify-between">
                <p className="text-sm text-muted-foreground">{label}</p>
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              </div>
              <p className="mt-2 text-2xl font-bold tabular-nums">{value}</p>
            </li>
          ))}
        </ul>
        <Button asChild>
          <Link to="/admin">
            Open Business Dashboard
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
