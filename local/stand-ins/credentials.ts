import { randomBytes } from 'node:crypto';

/**
 * The credentials the local runtime gives every AWS SDK client; dynalite ignores them, the S3 guard and the
 * local Cognito API check them. The secret is new in every process: a well-known one would let anyone who
 * reaches the port sign requests. Its own module, so code that needs it does not load s3rver.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: randomBytes(24).toString('base64url') } as const;
