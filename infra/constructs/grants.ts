import { Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { GSIS } from '../../functions/store/table';
import type { ExternalServices } from '../context';
import type { ApiFunction } from './api-function';
import { acknowledgeWildcardResource } from './nag';

export type BucketAccess = 'read' | 'write' | 'readWrite';

/**
 * Exact object actions instead of `bucket.grantReadWrite` (which grants `s3:GetObject*`, `s3:List*`,
 * `s3:DeleteObject*` and more): reference files and notices are only ever got, put and deleted by key.
 */
const OBJECT_ACTIONS: Record<BucketAccess, string[]> = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

/**
 * Lets a function get/put/delete objects in a bucket. Readers also get `s3:ListBucket` on the bucket, so a
 * missing key answers NoSuchKey (404) rather than AccessDenied.
 */
export function grantBucket(bucket: s3.IBucket, fn: ApiFunction, access: BucketAccess): void {
  const objects = bucket.arnForObjects('*');
  fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: OBJECT_ACTIONS[access], resources: [objects] }));
  acknowledgeWildcardResource(
    fn.role,
    objects,
    `Objects are addressed by generated keys (user id / ULID), so access is to the bucket's objects; actions are exact (${OBJECT_ACTIONS[access].join(', ')}).`,
  );
  if (access !== 'write') {
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  }
}

export type TableAccess = 'read' | 'readWrite';

/** Item reads by key and query; no Scan (request paths never scan, ARCHITECTURE.md, "Data"). */
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * Grants item access to the table and each of its named GSIs (from table-design.ts) instead of
 * `table.grantReadWriteData`, which adds `index/*` and Scan: the exact index ARNs leave no wildcard.
 */
export function grantTable(table: dynamodb.ITable, fn: ApiFunction, access: TableAccess): void {
  const actions = access === 'read' ? TABLE_READ : [...TABLE_READ, ...TABLE_WRITE];
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions,
      resources: [table.tableArn, ...GSIS.map((g) => `${table.tableArn}/index/${g.indexName}`)],
    }),
  );
}

/**
 * Lets a function update only the items whose partition key starts with one of `prefixes` (`SEARCH#`,
 * `MONITOR#`): UpdateItem alone, conditioned on `dynamodb:LeadingKeys`, so a task that parses hostile media
 * cannot put, delete or touch any other item even if its code is subverted (issue 27). Pair it with
 * `table: 'read'`.
 */
export function grantTableUpdates(table: dynamodb.ITable, fn: ApiFunction, prefixes: readonly string[]): void {
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) } },
    }),
  );
}

/** Object keys a function may get and put, as key patterns (`work/*`); nothing else in the bucket, never delete. */
export interface BucketKeys {
  read: readonly string[];
  write: readonly string[];
}

/**
 * Lets a function get and put objects under the given key patterns only (and list the bucket, so a missing key
 * answers NoSuchKey): the media parsers read reference files and workflow data and write workflow data,
 * thumbnails and evidence, nothing else.
 */
export function grantBucketKeys(bucket: s3.IBucket, fn: ApiFunction, keys: BucketKeys): void {
  const statement = (actions: string[], patterns: readonly string[]) => {
    const resources = patterns.map((p) => bucket.arnForObjects(p));
    fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources }));
    for (const r of resources) {
      acknowledgeWildcardResource(fn.role, r, `Objects under one key prefix (${actions.join(', ')}); the prefixes are the task's own (ARCHITECTURE.md, "Media parsers").`);
    }
  };
  if (keys.read.length) statement(['s3:GetObject'], keys.read);
  if (keys.write.length) statement(['s3:PutObject'], keys.write);
  fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
}

/** Lets a function read one Secrets Manager secret (the provider keys). */
export function grantSecretRead(fn: ApiFunction, secretArn: string): void {
  fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secretArn] }));
}

/**
 * Lets a function send mail as `mailFrom` through SES: the identity may be the address itself or its verified
 * domain, so both identity ARNs are allowed (and the configuration set, when one is used).
 */
export function grantSendMail(fn: ApiFunction, mailFrom: string, configurationSet?: string): void {
  const stack = Stack.of(fn);
  const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
  const resources = [identity(mailFrom), identity(mailFrom.split('@')[1])];
  if (configurationSet) resources.push(stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet }));
  fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources }));
}

/**
 * Lets a function call one Bedrock model (Converse needs bedrock:InvokeModel). A cross-region inference profile
 * (`us.anthropic...`) routes to the foundation model in any of its regions, so that ARN has a region wildcard.
 */
export function grantBedrockModel(fn: ApiFunction, modelId: string): void {
  const stack = Stack.of(fn);
  const profile = /^(us|eu|apac|us-gov|global)\.(.+)$/.exec(modelId);
  const model = (region: string, id: string) => `arn:${stack.partition}:bedrock:${region}::foundation-model/${id}`;
  const resources = profile
    ? [stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }), model('*', profile[2])]
    : [model(stack.region, modelId)];
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'], resources }),
  );
  if (profile) {
    acknowledgeWildcardResource(
      fn.role,
      model('*', profile[2]),
      `Inference profile ${modelId} routes to ${profile[2]} in any region of the profile; only that model is allowed.`,
    );
  }
}

/**
 * Lets a function read the API's request metrics (the admin figures: functions/adapters/metrics). GetMetricData
 * has no resource-level permissions, so it is granted on `*`, to the admin function alone.
 */
export function grantReadMetrics(fn: ApiFunction): void {
  fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['cloudwatch:GetMetricData'], resources: ['*'] }));
  Validations.of(fn.role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) and cloudwatch:GetMetricData (the admin figures) support only Resource "*".',
  });
}

/** Everything a function may be granted; each stack lists what each of its functions needs. */
export interface Access {
  table?: TableAccess;
  uploads?: BucketAccess;
  /** Instead of `uploads`: get and put only under these key patterns (the media parsers). */
  uploadsKeys?: BucketKeys;
  /** With `table: 'read'`: UpdateItem only on items whose partition key starts with one of these (dynamodb:LeadingKeys). */
  tableUpdates?: readonly string[];
  notices?: BucketAccess;
  /** May start executions of the search workflow. */
  startSearch?: boolean;
  /** May start executions of the takedown submission workflow (and read them). */
  startSubmission?: boolean;
  /** May start executions of the bulk submission workflow. */
  startBulkSubmission?: boolean;
  /** May start executions of the account erasure workflow (the account area, on a confirmed link). */
  startAccountErasure?: boolean;
  /** Reads the provider keys secret (when one is configured). */
  providerKeys?: boolean;
  /** Sends mail through SES (when mailFrom is configured). */
  sendMail?: boolean;
  /** Calls the Bedrock model of the assistant (when bedrockModelId is configured). */
  bedrock?: boolean;
  /** Reads the Stripe keys secret (when stripeSecretArn is configured): the account function alone. */
  stripeKeys?: boolean;
  /** Reads the request metrics from CloudWatch (cloudwatch:GetMetricData): the admin function alone. */
  readMetrics?: boolean;
}

export interface GrantTargets {
  table: dynamodb.ITable;
  uploadsBucket: s3.IBucket;
  noticesBucket: s3.IBucket;
  searchStateMachine?: sfn.IStateMachine;
  submissionStateMachine?: sfn.IStateMachine;
  bulkSubmissionStateMachine?: sfn.IStateMachine;
  accountErasureStateMachine?: sfn.IStateMachine;
  services: ExternalServices;
}

/** Applies one function's access list; optional services that are not configured grant nothing. */
export function applyAccess(fn: ApiFunction, access: Access, targets: GrantTargets): void {
  if (access.table) grantTable(targets.table, fn, access.table);
  if (access.uploads) grantBucket(targets.uploadsBucket, fn, access.uploads);
  if (access.uploadsKeys) grantBucketKeys(targets.uploadsBucket, fn, access.uploadsKeys);
  if (access.tableUpdates) grantTableUpdates(targets.table, fn, access.tableUpdates);
  if (access.notices) grantBucket(targets.noticesBucket, fn, access.notices);
  if (access.startSearch) {
    if (!targets.searchStateMachine) throw new Error(`${fn.node.path} starts searches but there is no search state machine`);
    targets.searchStateMachine.grantStartExecution(fn.fn);
  }
  if (access.startSubmission) {
    if (!targets.submissionStateMachine) throw new Error(`${fn.node.path} starts submissions but there is no submission state machine`);
    targets.submissionStateMachine.grantStartExecution(fn.fn);
  }
  if (access.startBulkSubmission) {
    if (!targets.bulkSubmissionStateMachine) throw new Error(`${fn.node.path} starts bulk submissions but there is no bulk submission state machine`);
    targets.bulkSubmissionStateMachine.grantStartExecution(fn.fn);
  }
  if (access.startAccountErasure) {
    if (!targets.accountErasureStateMachine) throw new Error(`${fn.node.path} starts account erasures but there is no account erasure state machine`);
    targets.accountErasureStateMachine.grantStartExecution(fn.fn);
  }
  const { providerSecretArn, mailFrom, sesConfigurationSet, bedrockModelId, stripeSecretArn } = targets.services;
  if (access.providerKeys && providerSecretArn) grantSecretRead(fn, providerSecretArn);
  if (access.stripeKeys && stripeSecretArn) grantSecretRead(fn, stripeSecretArn);
  if (access.sendMail && mailFrom) grantSendMail(fn, mailFrom, sesConfigurationSet);
  if (access.bedrock && bedrockModelId) grantBedrockModel(fn, bedrockModelId);
  if (access.readMetrics) grantReadMetrics(fn);
}
