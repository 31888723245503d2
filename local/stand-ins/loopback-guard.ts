import type { IncomingMessage, ServerResponse, Server } from 'node:http';

/*
 * The stand-ins (dynalite, the S3, Lambda and Step Functions APIs) listen on loopback ports that only the
 * runtime's SDK clients should call. A web page the user visits can reach loopback too: dynalite answers any
 * CORS preflight with `*`, and the Lambda stand-in would run a `text/plain` POST as an invocation. SDK clients
 * never send `Origin` or `Sec-Fetch-Site` and always name the loopback host; browsers always send `Sec-Fetch-Site`
 * (and `Origin` on writes), and a DNS-rebound page names its own host. Such requests are refused.
 */

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/** Why a request must not reach a stand-in, or undefined when it may. */
export function browserOrForeign(req: Pick<IncomingMessage, 'method' | 'headers'>): string | undefined {
  if (req.headers.origin !== undefined) return 'a request with an Origin header (a browser)';
  // Node's own fetch sends Sec-Fetch-Mode too (the safe fetcher reads presigned URLs with it); only browsers
  // send Sec-Fetch-Site.
  if (req.headers['sec-fetch-site'] !== undefined) return 'a request with Sec-Fetch-Site (a browser)';
  if (req.method === 'OPTIONS') return 'a CORS preflight';
  if (!LOOPBACK_HOST.test(String(req.headers.host ?? ''))) return `the host name ${JSON.stringify(req.headers.host ?? '')}`;
  return undefined;
}

function refuse(res: ServerResponse, why: string): void {
  res.statusCode = 403;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ __type: 'AccessDeniedException', message: `Local stand-in: ${why} is not served.` }));
}

/** Wraps a request handler so browser and foreign-host requests are refused before it runs. */
export function sdkOnly(handler: (req: IncomingMessage, res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const why = browserOrForeign(req);
    if (!why) return handler(req, res);
    req.resume();
    refuse(res, why);
  };
}

/** Puts the same check in front of a server whose request listeners are someone else's (dynalite's). */
export function guardServer(server: Server): void {
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', sdkOnly((req, res) => listeners.forEach((l) => l.call(server, req, res))));
}
