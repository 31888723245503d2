import * as z from 'zod';
import type { ZodType } from 'zod';
import { ROUTES } from '../../../shared/contract';

const jsonSchema = (schema: ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** OpenAPI 3.1 description generated from the contract (shared/contract.ts): its rows and their zod schemas. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const params = r.params ? (jsonSchema(r.params, 'input') as { properties?: Record<string, unknown> }).properties : undefined;
    const op: Record<string, unknown> = {
      summary: r.summary,
      operationId: `${r.area}.${r.name}`,
      tags: [r.area],
      security: r.auth === 'public' ? [] : [{ session: [] }],
      parameters: [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: params?.[m[1]] ?? { type: 'string' },
      })),
      responses: {
        '200': r.reply
          ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(r.reply, 'output') } } }
          : { description: 'OK' },
        ...(r.auth !== 'public' ? { '401': { description: 'Not signed in' } } : {}),
        ...(r.auth === 'admin' ? { '403': { description: 'Not an administrator' } } : {}),
        ...(r.auth === 'agent' ? { '403': { description: 'Not an agent or administrator' } } : {}),
      },
    };
    if (r.query) {
      const q = jsonSchema(r.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        (op.parameters as unknown[]).push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    if (r.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } };
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
