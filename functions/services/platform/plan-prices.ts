import { PLANS } from '../../../shared/plans';
import type { PlanPrices, PlanPriceSettings } from '../../../shared/schemas/platform';
import type { PlanId } from '../../../shared/schemas/user';
import * as settings from '../../store/entities/setting';
import { recordAudit, type Actor } from './audit';

/**
 * Pricing Updates (issue 26): the monthly price of each paid plan, stored as a setting an administrator changes
 * (the Business Dashboard's third Configure). Until one does, the prices are the launch prices of shared/plans.ts.
 * Billing charges the stored price (demo billing's charge, Stripe's price by lookup key), and the pricing pages
 * read it from `GET /api/public/plans`. Read at most every few seconds per process.
 */

export const LAUNCH_PRICES: PlanPrices = { basic: PLANS.basic.priceUsd, pro: PLANS.pro.priceUsd, enterprise: PLANS.enterprise.priceUsd };

const CACHE_MS = 5000;
let cached: { at: number; value: PlanPriceSettings } | undefined;

export async function getPlanPrices(now = Date.now()): Promise<PlanPriceSettings> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const stored = await settings.get('plan-prices');
  const p = { ...LAUNCH_PRICES, ...(stored?.prices as Partial<PlanPrices> | undefined) };
  const value: PlanPriceSettings = { prices: { trial: 0, basic: p.basic, pro: p.pro, enterprise: p.enterprise }, ...(stored ? { updatedAt: stored.updatedAt } : {}) };
  cached = { at: now, value };
  return value;
}

/** The monthly price of a plan in US dollars, as stored. */
export async function planPriceUsd(plan: PlanId): Promise<number> {
  return (await getPlanPrices()).prices[plan];
}

/** Forgets the cached prices (tests and a process that just changed them). */
export function forgetPlanPrices(): void {
  cached = undefined;
}

const describe = (p: PlanPrices) => `basic $${p.basic}, pro $${p.pro}, enterprise $${p.enterprise} a month`;

/**
 * Saves new prices (after the billing provider took them; functions/http/admin), recorded in the audit log with
 * the prices before. Subscriptions already running keep the price they started with until their plan changes.
 */
export async function setPlanPrices(actor: Actor, prices: PlanPrices, now = new Date()): Promise<PlanPriceSettings> {
  const before = (await getPlanPrices(now.getTime())).prices;
  await settings.put('plan-prices', { prices, updatedAt: now.toISOString(), updatedBy: actor.userId });
  const value: PlanPriceSettings = { prices: { trial: 0, ...prices }, updatedAt: now.toISOString() };
  cached = { at: now.getTime(), value };
  const { trial: _t, ...was } = before;
  await recordAudit(actor, 'plan-prices', `Set plan prices: ${describe(prices)} (were ${describe(was)})`, { before: was, after: prices, at: now });
  return value;
}
