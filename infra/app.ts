import * as path from 'node:path';
import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ADMIN_GROUP, AuthStack } from './stacks/auth-stack';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';
import { checkRecheckAfterSeconds, WorkflowsStack } from './stacks/workflows-stack';
import { OpsStack } from './stacks/ops-stack';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { readVigilContext, REPO_ROOT, type Stage } from './context';
import { MEDIA_LAYER_ENVIRONMENT } from './layers/media-layer';
import { lambdaFunctions } from './bundling/functions';
import { bundleTogether } from './bundling/lambda-code';

export interface VigilStacks {
  data: DataStack;
  auth: AuthStack;
  workflows: WorkflowsStack;
  api: ApiStack;
  web: WebStack;
  ops: OpsStack;
}

/** `Vigil-<stage>-<part>`: the name (and construct id) of each stack. */
export const stackName = (stage: Stage, part: string) => `Vigil-${stage}-${part}`;

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

/** Variables the stacks set that context functionEnv may never override. */
const STACK_MANAGED_VARIABLES = ['SEARCH_STATE_MACHINE_ARN', 'SUBMISSION_STATE_MACHINE_ARN', 'BULK_SUBMISSION_STATE_MACHINE_ARN', 'ACCOUNT_ERASURE_STATE_MACHINE_ARN', 'RECHECK_AFTER_SECONDS'];

export interface BuildVigilOptions {
  /** The built site to upload; default `<repo>/dist/web`. */
  siteDir?: string;
  /** Account/region; default: environment-agnostic stacks (the CLI's profile decides at deploy time). */
  env?: Environment;
  /** The built media layer (`npm run build:layers`); default `<repo>/dist/layers/media`. */
  mediaLayerDir?: string;
}

/**
 * Adds Vigil's five stacks to `app`, wired in one direction (data -> auth -> workflows -> api -> web) so no
 * cross-stack cycle can form, and registers cdk-nag's AwsSolutions checks, which fail the synth on any
 * unacknowledged finding. The site's URL comes from context (`siteUrl`), not from the distribution, because
 * both Cognito's callback URLs and the API's PUBLIC_URL need it before the distribution exists.
 */
export function buildVigil(app: App, options: BuildVigilOptions = {}): VigilStacks {
  const ctx = readVigilContext(app);
  const env = options.env;
  // Every function's bundle in one esbuild run, the first time one is staged.
  bundleTogether(app, Object.fromEntries(lambdaFunctions().map((f) => [f.name, f.entry])));

  // `Vigil-dev-Data`, `Vigil-prod-Api`, ...: each stage's stacks are separate, so both can live in one account.
  const name = (part: string) => stackName(ctx.stage, part);
  const data = new DataStack(app, name('Data'), { env, description: `Vigil (${ctx.stage}): table and buckets (retained)` });
  const auth = new AuthStack(app, name('Auth'), {
    env,
    description: `Vigil (${ctx.stage}): Cognito user pool, hosted UI and web client`,
    siteUrl: ctx.siteUrl,
    domainPrefix: ctx.authDomainPrefix,
    requireMfa: ctx.requireMfa,
    // In prod Cognito sends its mail (codes, invitations) through SES from mailFrom, not its own capped sender.
    sesFrom: ctx.stage === 'prod' ? ctx.services.mailFrom : undefined,
    // The pre sign-up trigger reads maintenance mode from the table (issue 26).
    table: data.table,
  });

  // What functions/lib/config.ts reads; every function gets the same configuration.
  const baseEnvironment: Record<string, string> = {
    TABLE_NAME: data.table.tableName,
    UPLOADS_BUCKET: data.uploadsBucket.bucketName,
    NOTICES_BUCKET: data.noticesBucket.bucketName,
    PUBLIC_URL: ctx.siteUrl,
    OIDC_ISSUER: auth.issuerUrl,
    OIDC_CLIENT_ID: auth.clientId,
    OIDC_LOGOUT_URL: auth.logoutUrl,
    ADMIN_GROUP,
    COGNITO_USER_POOL_ID: auth.userPool.userPoolId,
  };
  const optional: Record<string, string | undefined> = {
    PROVIDER_SECRET_ARN: ctx.services.providerSecretArn,
    PLATFORM_PROVIDER_SEARCHES_PER_MONTH: String(Math.floor(ctx.providerSearchesPerMonth * 0.9)),
    MAIL_FROM: ctx.services.mailFrom,
    SES_CONFIGURATION_SET: ctx.services.sesConfigurationSet,
    BEDROCK_MODEL_ID: ctx.services.bedrockModelId,
    SUPPORT_EMAIL: ctx.supportEmail,
    AGENT_NAME: ctx.agent.name,
    AGENT_COMPANY: ctx.agent.company,
    AGENT_ADDRESS: ctx.agent.address,
    AGENT_EMAIL: ctx.agent.email,
    AGENT_PHONE: ctx.agent.phone,
    RECHECK_AFTER_SECONDS: ctx.recheckAfterSeconds === undefined ? undefined : String(checkRecheckAfterSeconds(ctx.recheckAfterSeconds)),
  };
  for (const [name, value] of Object.entries(optional)) if (value) baseEnvironment[name] = value;
  const managed = new Set([...Object.keys(optional), ...Object.keys(MEDIA_LAYER_ENVIRONMENT), ...STACK_MANAGED_VARIABLES]);
  for (const [name, value] of Object.entries(ctx.functionEnv)) {
    if (
      name in baseEnvironment ||
      managed.has(name) ||
      name === 'BILLING' ||
      // Stripe keys live in the Secrets Manager secret only (-c stripeSecretArn), never in a function's environment.
      name.startsWith('STRIPE_')
    ) {
      throw new Error(`context functionEnv.${name} would override a value the stacks manage (give it as a context key: see docs/OPERATIONS.md)`);
    }
    baseEnvironment[name] = value;
  }

  const workflows = new WorkflowsStack(app, name('Workflows'), {
    env,
    description: `Vigil (${ctx.stage}): search and takedown submission workflows`,
    table: data.table,
    uploadsBucket: data.uploadsBucket,
    noticesBucket: data.noticesBucket,
    services: ctx.services,
    environment: baseEnvironment,
    logRetentionDays: ctx.logRetentionDays,
    mediaLayerDir: options.mediaLayerDir,
    userPoolArn: auth.userPool.userPoolArn,
    requireMediaLayer: ctx.stage === 'prod',
  });
  const api = new ApiStack(app, name('Api'), {
    env,
    description: `Vigil (${ctx.stage}): HTTP API and its Lambda functions`,
    table: data.table,
    uploadsBucket: data.uploadsBucket,
    noticesBucket: data.noticesBucket,
    searchStateMachine: workflows.searchStateMachine,
    submissionStateMachine: workflows.submissionStateMachine,
    bulkSubmissionStateMachine: workflows.bulkSubmissionStateMachine,
    accountErasureStateMachine: workflows.accountErasureStateMachine,
    services: ctx.services,
    environment: {
      ...baseEnvironment,
      SEARCH_STATE_MACHINE_ARN: workflows.searchStateMachine.stateMachineArn,
      SUBMISSION_STATE_MACHINE_ARN: workflows.submissionStateMachine.stateMachineArn,
      BULK_SUBMISSION_STATE_MACHINE_ARN: workflows.bulkSubmissionStateMachine.stateMachineArn,
      ACCOUNT_ERASURE_STATE_MACHINE_ARN: workflows.accountErasureStateMachine.stateMachineArn,
    },
    logRetentionDays: ctx.logRetentionDays,
    throttle: { rateLimit: ctx.apiRateLimit, burstLimit: ctx.apiBurstLimit },
    billingMode: ctx.billingMode,
    userPoolArn: auth.userPool.userPoolArn,
    customDomain: ctx.apiCertificateArn ? { name: new URL(ctx.siteUrl).hostname, certificateArn: ctx.apiCertificateArn } : undefined,
    monitorScheduling: workflows.monitorScheduling,
    mediaLayer: workflows.mediaLayer,
    exportFunction: workflows.accountExport.fn,
  });
  const web = new WebStack(app, name('Web'), {
    env,
    description: `Vigil (${ctx.stage}): site bucket and CloudFront distribution`,
    apiId: api.httpApi.apiId,
    siteUrl: ctx.siteUrl,
    siteDir: options.siteDir ?? path.join(REPO_ROOT, 'dist', 'web'),
    certificateArn: ctx.certificateArn,
    webAclArn: ctx.webAclArn,
    waf: ctx.waf,
    apiRegionalDomainName: api.regionalDomainName,
  });

  const ops = new OpsStack(app, name('Ops'), {
    env,
    description: `Vigil (${ctx.stage}): alarms, their SNS topic and the dashboard`,
    stage: ctx.stage,
    alarmEmail: ctx.alarmEmail,
    httpApi: api.httpApi,
    apiTooManyRequests: api.tooManyRequests,
    functions: new Map<string, lambda.IFunction>([...api.functions].map(([area, f]) => [`Api${pascal(area)}`, f.fn] as const)),
    taskFunctions: new Map<string, lambda.IFunction>([...workflows.taskFunctionsByName].map(([task, f]) => [`Task${task}`, f.fn] as const)),
    scheduledFunctions: new Map<string, lambda.IFunction>([
      ...[...workflows.recoveryFunctions].map(([name, f]) => [`Recovery${name}`, f.fn] as const),
      ['MonthlyReport', workflows.monthlyReport.fn] as const,
      ['MonitorDispatcher', workflows.monitorDispatcher.fn] as const,
      ['ResultRetention', workflows.resultRetention.fn] as const,
      ['MonitorRunConsumer', workflows.monitorRunConsumer.fn] as const,
      ['AccountExport', workflows.accountExport.fn] as const,
    ]),
    sesDailyQuota: ctx.sesDailyQuota,
    providerSearchesPerMonth: ctx.providerSearchesPerMonth,
    stateMachines: new Map<string, sfn.IStateMachine>([
      ['Search', workflows.searchStateMachine],
      ['Submission', workflows.submissionStateMachine],
      ['BulkSubmission', workflows.bulkSubmissionStateMachine],
      ['AccountErasure', workflows.accountErasureStateMachine],
    ]),
    table: data.table,
    monitorQueues: { queue: workflows.monitorScheduling.queue, deadLetterQueue: workflows.monitorScheduling.deadLetterQueue },
    monthlyBudgetUsd: ctx.monthlyBudgetUsd,
  });

  Tags.of(app).add('app', 'vigil');
  Tags.of(app).add('stage', ctx.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, auth, workflows, api, web, ops };
}
