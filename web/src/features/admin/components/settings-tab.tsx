import { useState, type FormEvent } from 'react';
import { PLAN_ORDER, PLANS } from '@shared/plans';
import { MAINTENANCE_MESSAGE_MAX, PLAN_PRICE_MAX_USD, type PlanPrices, type PlanPriceSettings, type Maintenance, type RateLimits, type RateLimitSettings } from '@shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { useMaintenance } from '../api/get-maintenance';
import { useRateLimits } from '../api/get-rate-limits';
import { setMaintenance } from '../api/set-maintenance';
import { setRateLimits } from '../api/set-rate-limits';
import { setPlanPrices } from '../api/set-plan-prices';
import { usePlanPrices } from '@/lib/billing/get-plan-prices';
import { AuditLog } from './audit-log';

/**
 * Settings: Maintenance Mode, Rate Limiting and Pricing Updates, each with a Configure button that opens its form below the row;
 * every saved change is recorded in the audit log shown beneath.
 */
export function SettingsTab() {
  const [open, setOpen] = useState<'maintenance' | 'rate-limits' | 'plan-prices' | null>(null);
  const toggle = (which: 'maintenance' | 'rate-limits' | 'plan-prices') => setOpen((o) => (o === which ? null : which));
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Platform Settings</h2>
          </CardTitle>
          <CardDescription>Business-wide configuration; every change is recorded in the audit log</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            <SettingRow
              title="Maintenance Mode"
              description="Prevents new registrations while maintenance is in progress; the sign-in page says so."
              open={open === 'maintenance'}
              onToggle={() => toggle('maintenance')}
            >
              <MaintenanceForm onDone={() => setOpen(null)} />
            </SettingRow>
            <SettingRow
              title="Rate Limiting"
              description="Costly requests per minute per user, for each plan."
              open={open === 'rate-limits'}
              onToggle={() => toggle('rate-limits')}
            >
              <RateLimitsForm onDone={() => setOpen(null)} />
            </SettingRow>
            <SettingRow
              title="Pricing Updates"
              description="The paid plans' monthly prices: what billing charges new subscriptions and the pricing pages show."
              open={open === 'plan-prices'}
              onToggle={() => toggle('plan-prices')}
            >
              <PlanPricesForm onDone={() => setOpen(null)} />
            </SettingRow>
          </ul>
        </CardContent>
      </Card>
      <AuditLog />
    </div>
  );
}

function SettingRow(props: { title: string; description: string; open: boolean; onToggle: () => void; children: React.ReactNode }) {
  const id = `setting-${props.title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-medium">{props.title}</h3>
          <p className="text-sm text-muted-foreground">{props.description}</p>
        </div>
        <Button type="button" variant="outline" size="sm" aria-label={`Configure ${props.title}`} aria-expanded={props.open} aria-controls={id} onClick={props.onToggle}>
          Configure
        </Button>
      </div>
      {props.open && (
        <div id={id} className="mt-4 rounded-lg border bg-muted/30 p-4">
          {props.children}
        </div>
      )}
    </li>
  );
}

function MaintenanceForm({ onDone }: { onDone: () => void }) {
  const { data, error } = useMaintenance(true);
  if (error) return <p className="text-sm text-destructive">{apiErrorMessage(error, 'Maintenance mode could not be loaded.')}</p>;
  if (!data) return <Spinner label="Loading maintenance mode" />;
  return <MaintenanceEditor current={data} onDone={onDone} />;
}

function MaintenanceEditor({ current, onDone }: { current: Maintenance; onDone: () => void }) {
  const [enabled, setEnabled] = useState(current.enabled);
  const [message, setMessage] = useState(current.message);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await setMaintenance({ enabled, message });
      toast({ title: saved.enabled ? 'Maintenance mode is on' : 'Maintenance mode is off', description: saved.enabled ? 'No new account can be created until you turn it off.' : 'New accounts can be created again.' });
      onDone();
    } catch (err) {
      toast({ variant: 'destructive', title: 'Maintenance mode not changed', description: apiErrorMessage(err, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Maintenance mode">
      <p className="text-sm" data-testid="maintenance-state">
        Now: <strong>{current.enabled ? 'on, registrations paused' : 'off, registrations open'}</strong>
      </p>
      <div className="flex items-center gap-2">
        <Checkbox id="maintenance-enabled" checked={enabled} onCheckedChange={(v) => setEnabled(v === true)} />
        <Label htmlFor="maintenance-enabled">Pause new registrations</Label>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="maintenance-message">Message on the sign-in page</Label>
        <Textarea id="maintenance-message" value={message} maxLength={MAINTENANCE_MESSAGE_MAX} onChange={(e) => setMessage(e.target.value)} aria-describedby="maintenance-count" />
        <p id="maintenance-count" className="text-xs text-muted-foreground">
          {message.length} / {MAINTENANCE_MESSAGE_MAX}
        </p>
      </div>
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Saving...' : 'Save maintenance mode'}
      </Button>
    </form>
  );
}

function RateLimitsForm({ onDone }: { onDone: () => void }) {
  const { data, error } = useRateLimits(true);
  if (error) return <p className="text-sm text-destructive">{apiErrorMessage(error, 'Rate limits could not be loaded.')}</p>;
  if (!data) return <Spinner label="Loading rate limits" />;
  return <RateLimitsEditor current={data} onDone={onDone} />;
}

type Draft = Record<keyof RateLimits, { perMinute: string; burst: string }>;

function RateLimitsEditor({ current, onDone }: { current: RateLimitSettings; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(
    () => Object.fromEntries(PLAN_ORDER.map((p) => [p, { perMinute: String(current.limits[p].perMinute), burst: String(current.limits[p].burst) }])) as Draft,
  );
  const [saving, setSaving] = useState(false);
  const set = (plan: keyof RateLimits, field: 'perMinute' | 'burst', value: string) => setDraft((d) => ({ ...d, [plan]: { ...d[plan], [field]: value } }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const limits = Object.fromEntries(PLAN_ORDER.map((p) => [p, { perMinute: Number(draft[p].perMinute), burst: Number(draft[p].burst) }])) as RateLimits;
      await setRateLimits(limits);
      toast({ title: 'Rate limits saved', description: 'Every server applies them within a few seconds.' });
      onDone();
    } catch (err) {
      toast({ variant: 'destructive', title: 'Rate limits not changed', description: apiErrorMessage(err, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Rate limits">
      <p className="text-sm text-muted-foreground">
        Each user has one bucket of costly requests (scans, monitor runs, reports, PDFs, submissions, assistant messages): it holds up to the burst and
        refills at the rate per minute. A request over the limit gets a 429 with the time to wait.
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 font-medium">Plan</th>
            <th className="py-1 font-medium">Per minute</th>
            <th className="py-1 font-medium">Burst</th>
          </tr>
        </thead>
        <tbody>
          {PLAN_ORDER.map((p) => (
            <tr key={p}>
              <td className="py-1 pr-2">{PLANS[p].name}</td>
              <td className="py-1 pr-2">
                <Input type="number" min={1} max={10000} step={1} required aria-label={`${PLANS[p].name} requests per minute`} value={draft[p].perMinute} onChange={(e) => set(p, 'perMinute', e.target.value)} />
              </td>
              <td className="py-1">
                <Input type="number" min={1} max={10000} step={1} required aria-label={`${PLANS[p].name} burst`} value={draft[p].burst} onChange={(e) => set(p, 'burst', e.target.value)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Saving...' : 'Save rate limits'}
      </Button>
    </form>
  );
}

const PAID = ['basic', 'pro', 'enterprise'] as const;

function PlanPricesForm({ onDone }: { onDone: () => void }) {
  const { data, error } = usePlanPrices();
  if (error) return <p className="text-sm text-destructive">{apiErrorMessage(error, 'Plan prices could not be loaded.')}</p>;
  if (!data) return <Spinner label="Loading plan prices" />;
  return <PlanPricesEditor current={data} onDone={onDone} />;
}

function PlanPricesEditor({ current, onDone }: { current: PlanPriceSettings; onDone: () => void }) {
  const [draft, setDraft] = useState<Record<(typeof PAID)[number], string>>(() => ({
    basic: String(current.prices.basic),
    pro: String(current.prices.pro),
    enterprise: String(current.prices.enterprise),
  }));
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setRefusal(undefined);
    try {
      const prices = Object.fromEntries(PAID.map((p) => [p, Number(draft[p])])) as PlanPrices;
      await setPlanPrices(prices);
      toast({ title: 'Plan prices saved', description: 'New subscriptions and plan changes are charged the new prices; running subscriptions keep theirs.' });
      onDone();
    } catch (err) {
      setRefusal(apiErrorMessage(err, 'The prices were not changed. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Plan prices">
      <p className="text-sm text-muted-foreground">
        Whole US dollars a month, each plan dearer than the one below. With Stripe billing a new Stripe price is created for each plan; running
        subscriptions keep the price they started with until their plan changes. The free trial stays free.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {PAID.map((p) => (
          <div key={p} className="grid gap-1.5">
            <Label htmlFor={`price-${p}`}>{PLANS[p].name} ($/month)</Label>
            <Input id={`price-${p}`} type="number" min={1} max={PLAN_PRICE_MAX_USD} step={1} required value={draft[p]} onChange={(e) => setDraft((d) => ({ ...d, [p]: e.target.value }))} />
          </div>
        ))}
      </div>
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Saving...' : 'Save prices'}
      </Button>
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
    </form>
  );
}
