import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/store/table';
import { privateBucket } from '../constructs/private-bucket';

/**
 * Stateful resources, in their own stack so the others can be destroyed and redeployed freely: the one
 * DynamoDB table and the buckets for uploaded reference files and for notice PDFs. Everything here is
 * retained when the stack is deleted (see docs/OPERATIONS.md, "Teardown").
 */
/** Days after which a scan's `work/` objects are deleted by lifecycle. */
export const WORK_EXPIRY_DAYS = 7;
/** Days after which a data export archive (`exports/`) is deleted by lifecycle. */
export const EXPORT_EXPIRY_DAYS = 7;

export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly noticesBucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    // The table's keys and indexes come from the same constants the local runtime uses, so they cannot drift.
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of GSIS) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // S3 server access logs of the two data buckets. A logs bucket cannot usefully log to itself.
    this.accessLogsBucket = privateBucket(this, 'AccessLogsBucket', {
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(365) }],
    });
    Validations.of(this.accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the server access logs bucket of the data buckets; logging it into itself would loop.',
    });

    // Reference files of searches. Not versioned: a file deleted on request (or with its search) must be gone.
    this.uploadsBucket = privateBucket(this, 'UploadsBucket', {
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // A scan's intermediate state (candidates, fingerprints between tasks) is read only while it runs (issue 27).
        { id: 'expire-scan-work', prefix: 'work/', expiration: Duration.days(WORK_EXPIRY_DAYS) },
        // Data export archives: the presigned link lasts an hour; the archive a week (docs/ARCHITECTURE.md).
        { id: 'expire-data-exports', prefix: 'exports/', expiration: Duration.days(EXPORT_EXPIRY_DAYS) },
        // Reference files are read again only by monitor re-scans; cheaper storage once they cool down.
        {
          id: 'tier-cold-references',
          transitions: [{ storageClass: s3.StorageClass.INTELLIGENT_TIERING, transitionAfter: Duration.days(30) }],
        },
      ],
    });

    // Notice PDFs and evidence: versioned, so an overwritten or deleted notice can still be produced later.
    this.noticesBucket = privateBucket(this, 'NoticesBucket', {
      versioned: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'notices/',
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(365) },
      ],
    });
  }
}
