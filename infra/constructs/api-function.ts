import * as path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_BUNDLE } from '../bundling/lambda-bundle';
import { lambdaCode } from '../bundling/lambda-code';

/** Lambda's runtime for every Vigil function (the local runtime and CI run the same code on Node 20+). */
export const VIGIL_RUNTIME = lambda.Runtime.NODEJS_22_X;

export interface ApiFunctionProps {
  /** Entry file, relative to the repository root (`functions/http/system/index.ts`) or absolute. */
  entry: string;
  /** Exported handler name. @default 'handler' */
  handler?: string;
  description?: string;
  environment?: Record<string, string>;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 seconds (API Gateway gives up after 30) */
  timeout?: Duration;
  /** @default 30 days */
  logRetentionDays?: number;
  /** Layers to attach, e.g. the media layer's (MediaLayer.functionProps) for functions that decode images or videos. */
  layers?: lambda.ILayerVersion[];
  /** Reserved concurrency (workflow and scheduled functions); unset: the account's unreserved pool (the API). */
  reservedConcurrency?: number;
}

/**
 * A Lambda function with Vigil's defaults, for API areas and workflow tasks alike: Node 22 on arm64, an
 * esbuild bundle (ESM, minified, with source maps, options from infra/bundling/lambda-bundle.ts; `lambdaCode`)
 * built locally without Docker, X-Ray tracing, its own
 * log group with retention, and its own role that may write only to that log group. Data access is added
 * with `applyAccess` (infra/constructs/grants.ts), which grants exact actions on exact resources.
 */
export class ApiFunction extends Construct {
  readonly fn: lambda.Function;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: retentionDays(props.logRetentionDays ?? 30),
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Vigil ${id} function`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new lambda.Function(this, 'Function', {
      // The bundle (LAMBDA_BUNDLE.outfile) and its assets; sharp and the PDF renderer come from layers.
      code: lambdaCode(this, props.entry),
      handler: `${path.basename(LAMBDA_BUNDLE.outfile, path.extname(LAMBDA_BUNDLE.outfile))}.${props.handler ?? 'handler'}`,
      description: props.description,
      runtime: VIGIL_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      role: this.role,
      layers: props.layers,
      reservedConcurrentExecutions: props.reservedConcurrency,
      // A workflow task's state machine names its published version (currentVersion); a deploy publishes a new
      // one and keeps the old, which executions that started before it (a submission waits days) still call.
      currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      // Stack traces point into the TypeScript sources through the bundled source maps.
      environment: { LOG_LEVEL: 'INFO', NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });

    // X-Ray's PutTraceSegments/PutTelemetryRecords have no resource-level permissions.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing actions (xray:PutTraceSegments, xray:PutTelemetryRecords) support only Resource "*".',
    });
    if (latestNodeRuntimeName() !== VIGIL_RUNTIME.name) {
      Validations.of(this.fn).acknowledge({
        id: 'AwsSolutions-L1',
        reason: `Vigil targets ${VIGIL_RUNTIME.name} (ARCHITECTURE.md); newer runtimes are adopted deliberately after the suite passes on them.`,
      });
    }
  }
}

/** Checks that `days` is a retention CloudWatch offers (1, 3, 5, 7, 14, 30, 60, 90, ...). */
export function retentionDays(days: number): logs.RetentionDays {
  const valid = Object.values(logs.RetentionDays).filter((v): v is number => typeof v === 'number');
  if (!valid.includes(days)) throw new Error(`logRetentionDays ${days} is not a CloudWatch retention (${valid.join(', ')})`);
  return days as logs.RetentionDays;
}

/** The newest Node.js runtime this aws-cdk-lib knows: what cdk-nag's L1 rule compares against. */
function latestNodeRuntimeName(): string {
  const version = (name: string) => Number(/^nodejs(\d+)/.exec(name)?.[1] ?? 0);
  return lambda.Runtime.ALL.map((r) => r.name)
    .filter((name) => version(name) > 0)
    .sort((a, b) => version(a) - version(b))
    .at(-1)!;
}
