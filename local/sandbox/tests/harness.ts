import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerConfigFrom, type ProviderConfig } from '../../../functions/adapters/providers';
import { providerSettings } from '../../../functions/lib/config';
import { createSandbox, type Sandbox, type SandboxOptions } from '..';

/** What the control endpoints answer (fields present depend on the endpoint). */
export interface ControlBody {
  plantedPages: number;
  faults: Record<string, unknown>;
  [key: string]: unknown;
}

export interface RunningSandbox {
  origin: string;
  sandbox: Sandbox;
  config: ProviderConfig;
  /** POSTs JSON to a control endpoint. */
  control(path: string, body?: unknown, method?: string): Promise<{ status: number; body: ControlBody }>;
  close(): Promise<void>;
}

/**
 * The sandbox mounted at /sandbox of a loopback server, as the local runtime mounts it, with a provider
 * configuration that has no keys: every engine goes to the sandbox through the real adapters.
 */
export async function startSandbox(opts: Omit<SandboxOptions, 'origin'> = {}, providerEnv: Record<string, string> = {}): Promise<RunningSandbox> {
  // The origin (and so the sandbox) is known only once the server listens.
  const mounted: { sandbox?: Sandbox } = {};
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/sandbox') && mounted.sandbox) mounted.sandbox(req, res);
    else res.writeHead(404).end('not the sandbox');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  const sandbox = (mounted.sandbox = createSandbox({ origin, ...opts }));
  await sandbox.ready;
  // A reverse image search plants copies first (clips with ffmpeg), which takes seconds on a busy machine: the time
  // cap is left to jest's timeout (a test of the cap sets its own).
  const config = providerConfigFrom(providerSettings({ SANDBOX_ORIGIN: origin, PROVIDER_TIMEOUT_MS: '60000', PROVIDER_RETRY_BASE_MS: '10', ...providerEnv }));
  return {
    origin,
    sandbox,
    config,
    async control(path, body, method = 'POST') {
      const res = await fetch(`${origin}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as ControlBody };
    },
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
