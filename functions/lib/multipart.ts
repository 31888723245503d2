import busboy from 'busboy';
import type { APIGatewayProxyEventV2 as HttpEvent } from 'aws-lambda';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from './errors';

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  content: Buffer;
}

export interface MultipartLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxFieldBytes?: number;
}

/**
 * Parses a multipart/form-data API Gateway event with busboy, enforcing the limits while streaming so an
 * oversized upload is refused with a clear 4xx instead of being buffered.
 */
export function parseMultipart(
  event: HttpEvent,
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const contentType = event.headers?.['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new UnsupportedMediaTypeError('Send the search as multipart/form-data.'));
  }
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure ??= err;
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes, fieldSize: limits.maxFieldBytes ?? 64 * 1024 },
      });
    } catch {
      reject(new ValidationError('The multipart body is malformed (missing boundary).'));
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new PayloadTooLargeError(`The field "${name}" is too long.`));
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () =>
        fail(new PayloadTooLargeError(`"${info.filename}" is larger than the ${Math.round(limits.maxFileBytes / 1048576)} MB limit per file.`)),
      );
      stream.on('close', () => {
        if (info.filename) files.push({ field, filename: info.filename, declaredType: info.mimeType, content: Buffer.concat(chunks) });
      });
    });
    parser.on('filesLimit', () => fail(new PayloadTooLargeError(`At most ${limits.maxFiles} reference files can be sent with one scan.`)));
    parser.on('error', () => fail(new ValidationError('The multipart body is malformed.')));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, files })));
    parser.end(raw);
  });
}
