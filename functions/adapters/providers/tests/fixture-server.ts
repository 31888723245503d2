import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface FixtureReply {
  status?: number;
  headers?: Record<string, string>;
  /** A fixture file name in ./fixtures, or a raw body string with `raw`. */
  fixture?: string;
  raw?: string;
  /** Never answer (the connection stays open until the server closes): only a client's own timeout ends it. */
  silent?: boolean;
}

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/**
 * A loopback server answering with recorded-shape fixtures. `reply(match, ...replies)` queues answers for requests
 * whose path+query contains `match` (the first route registered that matches wins); the last queued answer repeats.
 */
export async function startFixtureServer() {
  const routes: Array<{ match: string; replies: FixtureReply[] }> = [];
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const route = routes.find((r) => `${url.pathname}?${url.searchParams}`.includes(r.match));
    if (!route) {
      res.writeHead(599).end('no fixture');
      return;
    }
    const reply = route.replies.length > 1 ? route.replies.shift()! : route.replies[0];
    const body = reply.raw ?? (reply.fixture ? readFileSync(path.join(__dirname, 'fixtures', reply.fixture), 'utf8') : '');
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(body);
    };
    if (!reply.silent) send();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    reply(match: string, ...replies: FixtureReply[]) {
      routes.push({ match, replies });
    },
    reset() {
      routes.length = 0;
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
