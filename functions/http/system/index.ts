import { contract } from '../../../shared/contract';
import { PUBLIC_STATS_CACHE_SECONDS, publicStats, publicStatus } from '../../services/admin/public-stats';
import { bundleDir } from '../../lib/bundle';
import { config } from '../../lib/config';
import { areaHandler, json, publicEndpoint } from '../chain';
import { checkHealth } from '../../services/metrics';
import { buildOpenApi } from './openapi';
import { getPlanPrices } from '../../services/platform/plan-prices';

/**
 * Liveness with a real dependency check (one GetItem); each check is recorded for the admin's uptime figure.
 * `handlers` says whether this code runs from a Lambda bundle (on AWS, and locally with
 * VIGIL_HANDLERS=bundles, where `bundleDir` is the bundle's copy) or from source.
 */
const health = publicEndpoint(contract.health, async () => {
  const { ok } = await checkHealth();
  const dir = bundleDir();
  const handlers = dir ? { handlers: 'bundles', bundleDir: dir.replace(/[\\/]$/, '') } : { handlers: 'source' };
  return ok ? json({ status: 'ok', ...handlers }) : json({ status: 'unavailable', ...handlers }, 503);
});

const openapi = publicEndpoint(contract.openapi, async () => json(buildOpenApi()));

/** What the site shows from the deployment's configuration: the support inbox the contact form writes to. */
/** The plans' prices as billing charges them (Pricing Updates), for the pricing pages. */
const publicPlans = publicEndpoint(contract.publicPlans, async () => json(await getPlanPrices()));
const siteConfig = publicEndpoint(contract.siteConfig, async () => json({ supportEmail: config().supportEmail }));

/** Maintenance mode as the sign-in pages show it; never cached (it must change at once). */
const status = publicEndpoint(contract.publicStatus, async () => json(await publicStatus()));
/** The public pages' figures, computed from the counters (services/admin/public-stats.ts), cached 5 minutes. */
const stats = publicEndpoint(contract.publicStats, async () =>
  json(await publicStats(), 200, { headers: { 'cache-control': `public, max-age=${PUBLIC_STATS_CACHE_SECONDS}` } }),
);

export const handler = areaHandler('system', [health, openapi, publicPlans, siteConfig, status, stats]);
