import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { AREAS, ROUTES } from '../../shared/contract';
import { BEDROCK_MAX_ATTEMPTS } from '../../functions/services/assistant/create-assistant';
import { ApiFunction, retentionDays } from '../constructs/api-function';
import { FaceLayer } from '../constructs/face-layer';
import { PdfLayer } from '../constructs/pdf-layer';
import { applyAccess, type Access, type GrantTargets } from '../constructs/grants';
import { REPO_ROOT } from '../context';
import type { MediaLayer } from '../constructs/media-layer';
import type { MonitorScheduling } from '../constructs/monitor-scheduling';

/** What one area's function may touch beyond its own logs, its size and its time limit. */
export interface AreaAccess extends Access {
  memorySize?: number;
  /** Seconds; default 10. API Gateway gives up after 30, so an area never needs more than 29. */
  timeoutSeconds?: number;
  /** Renders PDFs: gets the PDF layer (pdfmake, pdfkit, fontkit), which every bundle leaves out. */
  pdf?: boolean;
  /** Decodes pictures (sharp): gets the media layer (issue 23: a named URL is matched, a notice carries thumbnails). */
  media?: boolean;
  /** Detects faces (likeness, issue 24): gets the face layer (face-api with TensorFlow.js), which every bundle leaves out. */
  face?: boolean;
  /** Creates, changes and deletes monitors' EventBridge Scheduler schedules (issue 27). */
  monitorSchedules?: boolean;
}

/** Per Bedrock call (BEDROCK_TIMEOUT_MS): two attempts of it must leave time for the offline answer within 30 s. */
export const ASSISTANT_BEDROCK_TIMEOUT_MS = 12_000;
/** What the offline (help-centre) answer after a failed Bedrock call may take, with the request's own work. */
const ASSISTANT_FALLBACK_MS = 3_000;
/**
 * The assistant's Lambda timeout: every Bedrock attempt at its full time limit, then the offline fallback, so a
 * slow model still gets an answer rather than a timeout (27 s, under API Gateway's 30).
 */
export const ASSISTANT_TIMEOUT_SECONDS = Math.ceil((BEDROCK_MAX_ATTEMPTS * ASSISTANT_BEDROCK_TIMEOUT_MS + ASSISTANT_FALLBACK_MS) / 1000);
if (ASSISTANT_TIMEOUT_SECONDS >= 30) throw new Error(`the assistant's time budget (${ASSISTANT_TIMEOUT_SECONDS} s) exceeds API Gateway's 30 s`);

/**
 * Least privilege per area: adding an area is one line here (areas not listed get table read/write only).
 * Listed areas that are not in the route table yet are ignored.
 */
export const AREA_ACCESS: Record<string, AreaAccess> = {
  system: { table: 'read' }, // health (one GetItem; checks and requests are metrics) and OpenAPI
  admin: { table: 'readWrite', readMetrics: true, pdf: true }, // figures (counters and the request metrics), discounts, the business reports (PDF)
  auth: { table: 'readWrite' }, // users and sessions
  allowlist: { table: 'readWrite' },
  search: { table: 'readWrite', uploads: 'readWrite', startSearch: true },
  // monitors store reference files once; run now starts a scan; each monitor has its own schedule
  monitors: { table: 'readWrite', uploads: 'readWrite', startSearch: true, monitorSchedules: true },
  assistant: { table: 'readWrite', bedrock: true, timeoutSeconds: ASSISTANT_TIMEOUT_SECONDS },
  contact: { table: 'readWrite', sendMail: true }, // support messages are mailed to the support inbox
  results: { table: 'readWrite', uploads: 'read' }, // presigned thumbnails and screenshots
  cases: { table: 'readWrite', uploads: 'read', notices: 'readWrite', startSubmission: true, startBulkSubmission: true, media: true }, // cases, automated and bulk submission
  // the agent console (issue 23): a counter-notice mails the creator; a delisting check asks the engine again
  agent: { table: 'readWrite', sendMail: true, providerKeys: true },
  documents: { table: 'readWrite', uploads: 'read', notices: 'readWrite', sendMail: true, pdf: true, media: true }, // notice PDFs (archived as evidence), protection reports (the admin's is e-mailed)
  // creator settings, plans, billing events (the only reader of the Stripe secret); the data export (queues the
  // job, invokes the export function, presigns the archive's link) and the confirmed account erasure (starts its workflow)
  account: { table: 'readWrite', stripeKeys: true, uploads: 'read', sendMail: true, startAccountErasure: true },
  // likeness enrolment (issue 24): detects faces in the creator's photos (sharp from the media layer, face-api from the face layer)
  likeness: { table: 'readWrite', media: true, face: true, memorySize: 1536, timeoutSeconds: 29 },
};
const DEFAULT_ACCESS: AreaAccess = { table: 'readWrite' };

/** What one area's function may touch (areas not listed in AREA_ACCESS: the table, read and write). */
export const areaAccess = (area: string): AreaAccess => AREA_ACCESS[area] ?? DEFAULT_ACCESS;

/** `functions/http/<area>/index.ts`, relative to the repository root. */
export const areaEntry = (area: string) => `functions/http/${area}/index.ts`;

export interface ApiStackProps extends StackProps, GrantTargets {
  /** Variables every function gets (see functions/lib/config.ts). */
  environment: Record<string, string>;
  logRetentionDays: number;
  throttle: { rateLimit: number; burstLimit: number };
  /** The billing mode, set on the function that changes plans (the one with `stripeKeys` access). */
  billingMode?: 'demo' | 'stripe' | 'none';
  /**
   * The user pool every area asks about the caller (admin group, enabled flag; functions/services/sessions.ts):
   * AdminGetUser and AdminListGroupsForUser only.
   */
  userPoolArn?: string;
  /**
   * The site's host name and a regional certificate for it: the API answers on that name as a custom domain
   * (CloudFront connects to its regional endpoint and forwards the viewer's Host), and its execute-api
   * endpoint is disabled, so nothing reaches the API except through CloudFront (and its WAF). Unset: the
   * execute-api endpoint is CloudFront's origin (dev without a domain).
   */
  customDomain?: { name: string; certificateArn: string };
  /** The media layer (workflows stack), for the areas with `media`. */
  mediaLayer?: MediaLayer;
  /** The monitors' schedule group, queue and Scheduler role (workflows stack), for the areas with `monitorSchedules`. */
  monitorScheduling?: MonitorScheduling;
  /** The data export function (workflows stack): the account area invokes it asynchronously (issue 27). */
  exportFunction?: lambda.IFunction;
}

/** The access-log metric of 429 answers (stage throttling and the handlers' own limits), per API. */
export const API_429_METRIC = { namespace: 'Vigil', metricName: 'Api429' } as const;

/**
 * The HTTP API: one route per entry of the route table (shared/contract.ts), each integrated with its
 * area's Lambda function. Authentication happens in the functions (server-side sessions, ARCHITECTURE.md
 * section 4), so the routes carry no API Gateway authorizer.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  /** Area name -> its function, for the areas whose entry exists. */
  readonly functions = new Map<string, ApiFunction>();
  /** The regional endpoint of the API's custom domain: CloudFront's origin when customDomain is given. */
  readonly regionalDomainName?: string;
  /** 429 answers per 5 minutes, counted from the access log (a metric filter). */
  readonly tooManyRequests: cloudwatch.Metric;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const domainName = props.customDomain
      ? new apigwv2.DomainName(this, 'ApiDomain', {
          domainName: props.customDomain.name,
          certificate: acm.Certificate.fromCertificateArn(this, 'ApiCertificate', props.customDomain.certificateArn),
        })
      : undefined;
    this.regionalDomainName = domainName?.regionalDomainName;
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Vigil API (reached through the CloudFront distribution under /api/*)',
      createDefaultStage: false,
      // With a custom domain, the default https://<id>.execute-api.<region>.amazonaws.com endpoint answers 403:
      // every request passes CloudFront (security headers, WAF).
      disableExecuteApiEndpoint: domainName !== undefined,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: retentionDays(props.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      ...(domainName ? { domainMapping: { domainName } } : {}),
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            apiId: '$context.apiId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });

    // 429s (stage throttling, per-user limits) as a metric with the API's id, for the ops stack's alarm.
    new logs.MetricFilter(this, 'TooManyRequestsFilter', {
      logGroup: accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: API_429_METRIC.namespace,
      metricName: API_429_METRIC.metricName,
      metricValue: '1',
      dimensions: { ApiId: '$.apiId' },
      unit: cloudwatch.Unit.COUNT,
    });
    this.tooManyRequests = new cloudwatch.Metric({
      namespace: API_429_METRIC.namespace,
      metricName: API_429_METRIC.metricName,
      dimensionsMap: { ApiId: this.httpApi.apiId },
      statistic: 'Sum',
      period: Duration.minutes(5),
    });

    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const area of AREAS) {
      const entry = areaEntry(area);
      if (!fs.existsSync(path.join(REPO_ROOT, entry))) {
        Validations.of(this).addWarning(
          'vigil:area-without-code',
          `Area "${area}" is in shared/contract.ts but ${entry} does not exist: its routes are not deployed.`,
        );
        continue;
      }
      const fn = this.areaFunction(area, entry, props);
      this.functions.set(area, fn);
      integrations.set(area, new HttpLambdaIntegration(`${pascal(area)}Integration`, fn.fn));
    }

    this.wireDiscountSync();
    this.wireExport(props.exportFunction);

    for (const route of ROUTES) {
      const integration = integrations.get(route.area);
      if (!integration) continue;
      this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
      });
    }
    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Routes authenticate in the Lambda handler from a server-side session (opaque HttpOnly cookie, BFF pattern, ' +
        'ARCHITECTURE.md, "Sign-in and sessions"); the route table marks each route public, user or admin and the handler enforces it.',
    });

    // The execute-api address either way: the smoke test checks that it is refused when a custom domain is set.
    new CfnOutput(this, 'ApiEndpoint', {
      value: `https://${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      description: domainName ? 'Disabled (403): the API answers only through CloudFront' : 'The API (CloudFront\'s /api/* origin)',
    });
  }

  private face?: FaceLayer;
  /** The face layer, made on first use (only the likeness area has it). */
  private faceLayer(): lambda.ILayerVersion {
    this.face ??= new FaceLayer(this, 'FaceLayer');
    return this.face.layer;
  }

  private pdf?: PdfLayer;
  /** The PDF layer, made on first use (only the areas that render PDFs have it). */
  private pdfLayer(): lambda.ILayerVersion {
    this.pdf ??= new PdfLayer(this, 'PdfLayer');
    return this.pdf.layer;
  }

  /**
   * An administrator's discount reaches Stripe at once without the admin function holding the Stripe secret
   * (issue 10): the admin function may invoke the account function (asynchronously, InvocationType Event) and
   * nothing else, and is told its name; the account function applies the stored discount to the subscription
   * (functions/services/billing/discount-sync.ts). Exactly the function's ARN: no versions or aliases (`:*`).
   */
  private wireDiscountSync(): void {
    const admin = this.functions.get('admin');
    const account = this.functions.get('account');
    if (!admin || !account) return;
    admin.fn.addEnvironment('ACCOUNT_FUNCTION_NAME', account.fn.functionName);
    admin.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [account.fn.functionArn] }));
  }

  /** The account area queues data exports: it may invoke the export function (asynchronously) and is told its name. */
  private wireExport(exportFunction: lambda.IFunction | undefined): void {
    const account = this.functions.get('account');
    if (!account || !exportFunction) return;
    account.fn.addEnvironment('EXPORT_FUNCTION_NAME', exportFunction.functionName);
    account.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [exportFunction.functionArn] }));
  }

  private areaFunction(area: string, entry: string, props: ApiStackProps): ApiFunction {
    const access = areaAccess(area);
    const media = access.media && props.mediaLayer ? props.mediaLayer.functionProps() : { layers: [], environment: {} };
    const fn = new ApiFunction(this, `${pascal(area)}Area`, {
      entry,
      description: `Vigil API area "${area}"`,
      // Only the plan-changing function is told the billing mode and where the Stripe secret is (never its values).
      environment: {
        ...props.environment,
        ...(access.stripeKeys ? billingEnvironment(props) : {}),
        ...(area === 'assistant' ? { BEDROCK_TIMEOUT_MS: String(ASSISTANT_BEDROCK_TIMEOUT_MS) } : {}),
        ...media.environment,
      },
      memorySize: access.memorySize,
      timeout: access.timeoutSeconds ? Duration.seconds(access.timeoutSeconds) : undefined,
      logRetentionDays: props.logRetentionDays,
      layers: [...media.layers, ...(access.pdf ? [this.pdfLayer()] : []), ...(access.face ? [this.faceLayer()] : [])],
    });
    applyAccess(fn, access, props);
    if (access.monitorSchedules) {
      if (!props.monitorScheduling) throw new Error(`area ${area} writes monitor schedules but no monitorScheduling was given`);
      props.monitorScheduling.grantManage(fn);
    }
    if (props.userPoolArn) {
      fn.fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'], resources: [props.userPoolArn] }),
      );
    }
    return fn;
  }
}

function billingEnvironment(props: ApiStackProps): Record<string, string> {
  const mode = props.billingMode ?? 'none';
  const arn = props.services.stripeSecretArn;
  return { BILLING: mode, ...(mode === 'stripe' && arn ? { STRIPE_SECRET_ARN: arn } : {}) };
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
