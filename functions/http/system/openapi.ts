import { z } from 'zod';
import { API_SCHEMAS } from '../../../shared/api';
import { ROUTES } from '../routes';

/** OpenAPI 3.1 description generated from the route table and the shared zod schemas. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const s = API_SCHEMAS[`${r.method} ${r.path}`];
    const op: Record<string, unknown> = {
      summary: r.summary,
      operationId: `${r.area}.${r.name}`,
      tags: [r.area],
      security: r.auth === 'public' ? [] : [{ session: [] }],
      parameters: [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      responses: {
        '200': s?.response
          ? { description: 'OK', content: { 'application/json': { schema: z.toJSONSchema(s.response, { io: 'output', unrepresentable: 'any' }) } } }
          : { description: 'OK' },
        ...(r.auth !== 'public' ? { '401': { description: 'Not signed in' } } : {}),
        ...(r.auth === 'admin' ? { '403': { description: 'Not an administrator' } } : {}),
      },
    };
    if (s?.query) {
      const q = z.toJSONSchema(s.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        (op.parameters as unknown[]).push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    if (s?.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: z.toJSONSchema(s.body, { io: 'input', unrepresentable: 'any' }) } } };
    }
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vigil API', version: '1.0.0' },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vigil_session' } } },
    paths,
  };
}
