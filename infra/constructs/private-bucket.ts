import { RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * A bucket with Vigil's defaults: S3-managed encryption, all public access blocked, TLS-only access,
 * ACLs disabled and retained on stack deletion. Callers add logging, versioning and lifecycle rules.
 * SSE-S3 rather than KMS keeps grants simple across stacks (a KMS key policy would reference the
 * consumer stacks and create a dependency cycle).
 */
export function privateBucket(scope: Construct, id: string, props: s3.BucketProps = {}): s3.Bucket {
  return new s3.Bucket(scope, id, {
    encryption: s3.BucketEncryption.S3_MANAGED,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: RemovalPolicy.RETAIN,
    ...props,
  });
}
