import { contract } from '../../../shared/contract';
import { areaHandler, json, publicEndpoint } from '../../lib/http';
import { checkHealth } from '../../services/metrics';
import { buildOpenApi } from './openapi';

/** Liveness with a real dependency check (one GetItem); each check is recorded for the admin's uptime figure. */
const health = publicEndpoint(contract.health, async () => {
  const { ok } = await checkHealth();
  return ok ? json({ status: 'ok' }) : json({ status: 'unavailable' }, 503);
});

const openapi = publicEndpoint(contract.openapi, async () => json(buildOpenApi()));

export const handler = areaHandler('system', [health, openapi]);
