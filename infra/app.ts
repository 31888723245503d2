import * as path from 'node:path';
import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ADMIN_GROUP, AuthStack } from './stacks/auth-stack';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';
import { WorkflowsStack } from './stacks/workflows-stack';
import { readVigilContext, REPO_ROOT } from './context';
import { MEDIA_LAYER_ENVIRONMENT } from './layers/media-layer';

export interface VigilStacks {
  data: DataStack;
  auth: AuthStack;
  workflows: WorkflowsStack;
  api: ApiStack;
  web: WebStack;
}

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

  const data = new DataStack(app, 'VigilData', { env, description: 'Vigil: table and buckets (retained)' });
  const auth = new AuthStack(app, 'VigilAuth', {
    env,
    description: 'Vigil: Cognito user pool, hosted UI and web client',
    siteUrl: ctx.siteUrl,
    domainPrefix: ctx.authDomainPrefix,
    requireMfa: ctx.requireMfa,
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
  };
  const optional: Record<string, string | undefined> = {
    PROVIDER_SECRET_ARN: ctx.services.providerSecretArn,
    MAIL_FROM: ctx.services.mailFrom,
    SES_CONFIGURATION_SET: ctx.services.sesConfigurationSet,
    BEDROCK_MODEL_ID: ctx.services.bedrockModelId,
  };
  for (const [name, value] of Object.entries(optional)) if (value) baseEnvironment[name] = value;
  for (const [name, value] of Object.entries(ctx.functionEnv)) {
    if (
      name in baseEnvironment ||
      name in MEDIA_LAYER_ENVIRONMENT ||
      ['SEARCH_STATE_MACHINE_ARN', 'SUBMISSION_STATE_MACHINE_ARN', 'BILLING'].includes(name) ||
      // Stripe keys live in the Secrets Manager secret only (-c stripeSecretArn), never in a function's environment.
      name.startsWith('STRIPE_')
    ) {
      throw new Error(`context functionEnv.${name} would override a value the stacks manage`);
    }
    baseEnvironment[name] = value;
  }

  const workflows = new WorkflowsStack(app, 'VigilWorkflows', {
    env,
    description: 'Vigil: search and takedown submission workflows',
    table: data.table,
    uploadsBucket: data.uploadsBucket,
    noticesBucket: data.noticesBucket,
    services: ctx.services,
    environment: baseEnvironment,
    logRetentionDays: ctx.logRetentionDays,
    mediaLayerDir: options.mediaLayerDir,
  });
  const api = new ApiStack(app, 'VigilApi', {
    env,
    description: 'Vigil: HTTP API and its Lambda functions',
    table: data.table,
    uploadsBucket: data.uploadsBucket,
    noticesBucket: data.noticesBucket,
    searchStateMachine: workflows.searchStateMachine,
    submissionStateMachine: workflows.submissionStateMachine,
    services: ctx.services,
    environment: {
      ...baseEnvironment,
      SEARCH_STATE_MACHINE_ARN: workflows.searchStateMachine.stateMachineArn,
      SUBMISSION_STATE_MACHINE_ARN: workflows.submissionStateMachine.stateMachineArn,
    },
    logRetentionDays: ctx.logRetentionDays,
    throttle: { rateLimit: ctx.apiRateLimit, burstLimit: ctx.apiBurstLimit },
    billingMode: ctx.billingMode,
  });
  const web = new WebStack(app, 'VigilWeb', {
    env,
    description: 'Vigil: site bucket and CloudFront distribution',
    apiId: api.httpApi.apiId,
    siteUrl: ctx.siteUrl,
    siteDir: options.siteDir ?? path.join(REPO_ROOT, 'dist', 'web'),
    certificateArn: ctx.certificateArn,
    webAclArn: ctx.webAclArn,
  });

  Tags.of(app).add('app', 'vigil');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, auth, workflows, api, web };
}
