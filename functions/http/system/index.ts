import { areaHandler, json, publicEndpoint } from '../../lib/http';
import { buildOpenApi } from './openapi';

const health = publicEndpoint({}, async () => json({ status: 'ok' }));

const openapi = publicEndpoint({}, async () => json(buildOpenApi()));

export const handler = areaHandler('system', { health, openapi });
