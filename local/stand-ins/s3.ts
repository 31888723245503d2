import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_CREDENTIALS } from './credentials';
import { sdkOnly } from './loopback-guard';
import { checkS3Request } from './sigv4-guard';

// s3rver ships no type definitions; these are the parts used here.
interface S3rverInstance {
  configureBuckets(): Promise<void>;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
};

export interface RunningS3 {
  /** The loopback endpoint (path-style: `${endpoint}/${bucket}/${key}`). */
  endpoint: string;
  /**
   * Serves S3 under a path prefix of another server (the local runtime mounts it at `/s3`, so presigned
   * URLs are same-origin for the site's CSP). Only requests the S3 guard accepts reach s3rver (see sigv4-guard.ts).
   */
  handle(req: IncomingMessage, res: ServerResponse, mountPath: string): void;
  close(): Promise<void>;
}

/**
 * Starts s3rver (the S3 API) in-process with its files under `directory`, and creates the given buckets. s3rver
 * only knows its built-in `S3RVER` key; the runtime's `local` key is registered with it so one set of
 * credentials serves every stand-in. s3rver itself never listens: its own port would accept unsigned reads,
 * listings and form uploads from anything that reaches loopback (a web page included). Both ways in, the
 * loopback `endpoint` the SDK clients use and the `/s3` mount of the site, go through the S3 guard.
 */
export async function startS3(opts: { directory: string; buckets: string[]; port?: number }): Promise<RunningS3> {
  mkdirSync(opts.directory, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  const s3rver = new S3rver({
    silent: true,
    directory: opts.directory,
    // Buckets are addressed by path (forcePathStyle); never guess a bucket from the Host header.
    vhostBuckets: false,
    configureBuckets: opts.buckets.map((name) => ({ name })),
  });
  await s3rver.configureBuckets();
  const callback = s3rver.callback();

  function handle(req: IncomingMessage, res: ServerResponse, mountPath: string): void {
    const verdict = checkS3Request(req, req.url ?? '/', mountPath, LOCAL_CREDENTIALS);
    if (!verdict.ok) {
      req.resume();
      res.statusCode = verdict.status;
      res.setHeader('content-type', 'application/xml');
      res.setHeader('cache-control', 'no-store');
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${verdict.code}</Code><Message>${escapeXml(verdict.message)}</Message></Error>`);
      return;
    }
    const mounted = req as IncomingMessage & { baseUrl?: string };
    mounted.baseUrl = mountPath;
    req.url = req.url!.slice(mountPath.length) || '/';
    callback(req, res);
  }

  const server = createServer(sdkOnly((req, res) => handle(req, res, '')));
  const address = await new Promise<AddressInfo>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok(server.address() as AddressInfo));
  });
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    handle,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
