import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * What the local runtime lets through to s3rver on the site's origin. s3rver serves unsigned requests, browser
 * form uploads (POST Object) and bucket listings, and its SigV4 check is incomplete; on the site's origin that
 * would let any page store HTML there and anyone who reaches the port read every file. So the guard does what
 * S3 does with a private bucket: only object GET/HEAD/PUT/DELETE with a valid AWS Signature Version 4, in the
 * query (a presigned URL, within its expiry) or in the Authorization header (the functions' own SDK calls, within
 * 15 minutes of its date), by the runtime's credentials. Everything else is refused.
 *
 * Hand-written on node:crypto: the SDK's signer only signs (it cannot check a presigned URL's own parameters),
 * and no maintained package verifies SigV4 on the server side.
 */
export interface S3GuardCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export type GuardVerdict = { ok: true } | { ok: false; status: number; code: string; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3's limits: a presigned URL lives at most 7 days; a header-signed request is valid 15 minutes either side. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
const HEADER_SKEW_MS = 15 * 60 * 1000;
const OBJECT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
/** A presigned URL (what a browser or a search engine holds) may only read or write one object. */
const PRESIGNED_METHODS = new Set(['GET', 'HEAD', 'PUT']);

/** Query parameters of the server operations below (listing, multi-delete, multipart upload). */
const SERVER_PARAMS = new Set(['list-type', 'prefix', 'continuation-token', 'max-keys', 'start-after', 'delimiter', 'encoding-type', 'fetch-owner', 'versions', 'key-marker', 'version-id-marker', 'delete', 'uploads', 'uploadId', 'partNumber']);

/**
 * What the functions do with their own data besides GET/PUT/DELETE of one object: ListObjectsV2 and
 * ListObjectVersions of a prefix (export, erasure), DeleteObjects (erasure, a monitor's or a scan's files) and
 * a multipart upload (the export archive).
 */
function isServerOperation(method: string, bucketLevel: boolean, query: URLSearchParams): boolean {
  if (bucketLevel) return (method === 'GET' && (query.get('list-type') === '2' || query.has('versions'))) || (method === 'POST' && query.has('delete'));
  if (method === 'POST') return query.has('uploads') || query.has('uploadId');
  if (method === 'PUT' || method === 'DELETE') return query.has('uploadId');
  return false;
}

const refuse = (status: number, code: string, message: string): GuardVerdict => ({ ok: false, status, code, message });

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20260101T000000Z` to a Date; undefined when malformed. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

interface Signed {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
}

/** Parses `AKID/20260101/us-east-1/s3/aws4_request`. */
function parseCredential(value: string, service = 's3'): Omit<Signed, 'signedHeaders' | 'signature' | 'amzDate'> | undefined {
  const parts = value.split('/');
  if (parts.length !== 5 || parts[3] !== service || parts[4] !== 'aws4_request') return undefined;
  return { accessKeyId: parts[0]!, scopeDate: parts[1]!, region: parts[2]!, service: parts[3]! };
}

/**
 * Checks one request that arrived at the mount (`/s3/<bucket>/<key>`). `rawUrl` is the URL as received, with the
 * mount prefix: the client signed that path.
 */
export function checkS3Request(
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  rawUrl: string,
  mountPath: string,
  credentials: S3GuardCredentials,
  now = new Date(),
): GuardVerdict {
  const method = (req.method ?? 'GET').toUpperCase();
  const [rawPath = '/', rawQuery = ''] = rawUrl.split(/\?(.*)/s, 2);
  const rest = rawPath.slice(mountPath.length);
  const segments = rest.split('/').slice(1);
  const bucketLevel = segments.length < 2 || segments.slice(1).join('/') === '';
  // The functions' own operations on their data (list a prefix, delete many, multipart upload): header-signed
  // with the runtime's credentials only, never by a presigned URL a browser holds (checked with the signature).
  const serverOperation = req.headers.authorization !== undefined && isServerOperation(method, bucketLevel, new URLSearchParams(rawQuery));
  if (method === 'POST' && !serverOperation) return refuse(405, 'MethodNotAllowed', 'Form uploads and POST requests are not accepted.');
  if (method !== 'POST' && !OBJECT_METHODS.has(method)) return refuse(405, 'MethodNotAllowed', `${method} is not accepted.`);

  // Only /<mount>/<bucket>/<key...>: a bucket or the service root would be a listing.
  if (!segments[0] || (bucketLevel && !serverOperation)) {
    return refuse(403, 'AccessDenied', 'Listings are not available.');
  }
  const decodedSegments = rawPath.split('/').map(safeDecode);
  if (decodedSegments.some((s) => s === undefined)) return refuse(400, 'InvalidURI', 'The path is not valid.');
  if (decodedSegments.some((s) => s === '.' || s === '..')) return refuse(400, 'InvalidURI', 'The path is not valid.');

  const query = new URLSearchParams(rawQuery);
  // Sub-resources (?acl, ?uploads, ?tagging, ...) are not part of what the site uses.
  const allowedParams = /^([Xx]-[Aa]mz-[A-Za-z0-9-]+|x-id|response-[a-z-]+)$/;
  for (const name of query.keys()) {
    if (!allowedParams.test(name) && !(serverOperation && SERVER_PARAMS.has(name))) {
      return refuse(403, 'AccessDenied', `The query parameter ${name} is not accepted.`);
    }
  }

  const authorization = req.headers.authorization;
  const presigned = query.has('X-Amz-Algorithm');
  if (presigned && authorization) return refuse(400, 'InvalidArgument', 'Only one authentication mechanism is allowed.');
  if (!presigned && !authorization) return refuse(403, 'AccessDenied', 'A signed request is required.');

  let signed: Signed;
  let payloadHash: string;
  if (presigned) {
    if (!PRESIGNED_METHODS.has(method)) return refuse(403, 'AccessDenied', `A presigned ${method} is not accepted.`);
    if (query.get('X-Amz-Algorithm') !== ALGORITHM) return refuse(400, 'AuthorizationQueryParametersError', 'Unsupported algorithm.');
    const credential = parseCredential(query.get('X-Amz-Credential') ?? '');
    const amzDate = query.get('X-Amz-Date') ?? '';
    const expires = Number(query.get('X-Amz-Expires'));
    const date = parseAmzDate(amzDate);
    if (!credential || !date || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return refuse(400, 'AuthorizationQueryParametersError', 'The presigned URL is malformed.');
    }
    if (date.getTime() > now.getTime() + HEADER_SKEW_MS) return refuse(403, 'AccessDenied', 'Request is not valid yet.');
    if (now.getTime() > date.getTime() + expires * 1000) return refuse(403, 'AccessDenied', 'Request has expired.');
    signed = {
      ...credential,
      amzDate,
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
    };
    payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(String(authorization));
    const credential = m && parseCredential(m[1]!);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const date = parseAmzDate(amzDate);
    if (!m || !credential || !date) return refuse(400, 'AuthorizationHeaderMalformed', 'The Authorization header is malformed.');
    if (Math.abs(now.getTime() - date.getTime()) > HEADER_SKEW_MS) return refuse(403, 'RequestTimeTooSkewed', 'The request time is too far off.');
    signed = { ...credential, amzDate, signedHeaders: m[2]!.split(';'), signature: m[3]! };
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) return refuse(400, 'InvalidRequest', 'x-amz-content-sha256 is required.');
  }

  return verifySignature({ method, decodedSegments: decodedSegments as string[], query, presigned, headers: req.headers, signed, payloadHash }, credentials);
}

function verifySignature(
  input: {
    method: string;
    decodedSegments: string[];
    query: URLSearchParams;
    presigned: boolean;
    headers: IncomingMessage['headers'];
    signed: Signed;
    payloadHash: string;
  },
  credentials: S3GuardCredentials,
): GuardVerdict {
  const { method, decodedSegments, query, presigned, headers, signed, payloadHash } = input;
  if (signed.accessKeyId !== credentials.accessKeyId) return refuse(403, 'InvalidAccessKeyId', 'The access key is not known.');
  if (signed.scopeDate !== signed.amzDate.slice(0, 8)) return refuse(403, 'SignatureDoesNotMatch', 'The credential scope does not match the date.');
  if (!signed.signedHeaders.includes('host')) return refuse(403, 'AccessDenied', 'The host header must be signed.');

  // Canonical request (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html).
  const canonicalUri = decodedSegments.map((s) => rfc3986(s)).join('/');
  const canonicalQuery = [...query.entries()]
    .filter(([k]) => !(presigned && k === 'X-Amz-Signature'))
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerNames = [...signed.signedHeaders].sort();
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${String(text).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [method, canonicalUri, canonicalQuery, canonicalHeaders, headerNames.join(';'), payloadHash].join('\n');
  const scope = `${signed.scopeDate}/${signed.region}/${signed.service}/aws4_request`;
  const stringToSign = [ALGORITHM, signed.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, signed.scopeDate);
  for (const part of [signed.region, signed.service, 'aws4_request']) key = hmac(key, part);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
  }
  return { ok: true };
}

/**
 * Checks a header-signed AWS JSON-protocol request (the local Cognito stand-in): SigV4 over the whole body,
 * the runtime's access key, within 15 minutes of its date.
 */
export function checkSignedJsonRequest(
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  rawUrl: string,
  body: Buffer,
  service: string,
  credentials: S3GuardCredentials,
  now = new Date(),
): GuardVerdict {
  const [rawPath = '/', rawQuery = ''] = rawUrl.split(/\?(.*)/s, 2);
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(String(req.headers.authorization ?? ''));
  const credential = m && parseCredential(m[1]!, service);
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const date = parseAmzDate(amzDate);
  if (!m || !credential || !date) return refuse(403, 'MissingAuthenticationToken', 'A signed request is required.');
  if (Math.abs(now.getTime() - date.getTime()) > HEADER_SKEW_MS) return refuse(403, 'InvalidSignatureException', 'The request time is too far off.');
  const decodedSegments = rawPath.split('/').map(safeDecode);
  if (decodedSegments.some((s) => s === undefined)) return refuse(400, 'InvalidURI', 'The path is not valid.');
  return verifySignature(
    {
      method: (req.method ?? 'POST').toUpperCase(),
      decodedSegments: decodedSegments as string[],
      query: new URLSearchParams(rawQuery),
      presigned: false,
      headers: req.headers,
      signed: { ...credential, amzDate, signedHeaders: m[2]!.split(';'), signature: m[3]! },
      payloadHash: createHash('sha256').update(body).digest('hex'),
    },
    credentials,
  );
}
