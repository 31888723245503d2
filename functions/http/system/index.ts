import { contract } from '../../../shared/contract';
import { bundleDir } from '../../lib/bundle';
import { config } from '../../lib/config';
import { areaHandler, json, publicEndpoint } from '../chain';
import { checkHealth } from '../../services/metrics';
import { buildOpenApi } from './openapi';

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
const siteConfig = publicEndpoint(contract.siteConfig, async () => json({ supportEmail: config().supportEmail }));

export const handler = areaHandler('system', [health, openapi, siteConfig]);
