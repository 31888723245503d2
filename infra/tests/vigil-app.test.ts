import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestDynamo } from '../../test/harness';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { GSIS, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/store/table';
import { AREAS, ROUTES, routeKey } from '../../shared/contract';
import { CONTENT_SECURITY_POLICY } from '../../shared/security-headers';
import { REPO_ROOT } from '../context';
import { MEDIA_LAYER_ENVIRONMENT } from '../layers/media-layer';
import { areaEntry, ASSISTANT_TIMEOUT_SECONDS } from '../stacks/api-stack';
import { checkRecheckAfterSeconds } from '../stacks/workflows-stack';
import { lambdaFunctions } from '../bundling/functions';
import { PROD_CONTEXT, removeTempDirs, synthVigil, type SynthesizedVigil } from './vigil-app';

const SITE_URL = 'https://vigil.test';
const STRIPE_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/stripe-AbC123';

// One synthesis (with cdk-nag) shared by every test in this file: bundling and nag are the slow parts.
let vigil: SynthesizedVigil;
const template = (stack: Stack) => Template.fromJSON(vigil.assembly.getStackByName(stack.stackName).template);
/** Every Vigil function of the synthesized templates: all Node functions (CDK's deployment handler is Python). */
const appFunctions = () =>
  Object.values(vigil.stacks).flatMap((stack) =>
    Object.entries(template(stack).findResources('AWS::Lambda::Function'))
      .filter(([, fn]) => String(fn.Properties.Runtime).startsWith('nodejs'))
      .map(([id, fn]) => ({ stack: stack.stackName, id, description: String(fn.Properties.Description) })),
  );
const logicalId = (el: { node: { defaultChild?: unknown } }) =>
  Stack.of(el as never).getLogicalId(el.node.defaultChild as CfnElement);

beforeAll(() => {
  vigil = synthVigil({ ...PROD_CONTEXT, siteUrl: SITE_URL, stripeSecretArn: STRIPE_SECRET_ARN });
});

afterAll(removeTempDirs);

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged finding and no warning or error annotation', () => {
    const report = JSON.parse(fs.readFileSync(path.join(vigil.assembly.directory, 'validation-report.json'), 'utf8'));
    const violations = (report.pluginReports ?? []).flatMap((r: { violations?: unknown[] }) => r.violations ?? []);
    expect(violations).toEqual([]);

    const messages = vigil.assembly.stacks
      .flatMap((s) => s.messages)
      .filter((m) => m.level === 'warning' || m.level === 'error')
      .map((m) => `${m.id}: ${String(m.entry.data)}`);
    expect(messages).toEqual([]);
  });
});

describe('data stack', () => {
  it('creates the one table from table-design.ts with PITR, TTL and deletion protection, retained', () => {
    const t = template(vigil.stacks.data);
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: GSIS.map((g) => ({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    });
  });

  it('has the sparse due-time index the monitor dispatcher queries (gsi3)', () => {
    const table = Object.values(template(vigil.stacks.data).findResources('AWS::DynamoDB::Table'))[0]!;
    expect(table.Properties.GlobalSecondaryIndexes).toContainEqual({
      IndexName: 'gsi3',
      KeySchema: [
        { AttributeName: 'gsi3pk', KeyType: 'HASH' },
        { AttributeName: 'gsi3sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    });
  });

  it('versions the notices bucket and cleans up incomplete uploads', () => {
    const t = template(vigil.stacks.data);
    t.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'notices/' }),
    });
    t.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'uploads/' }),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } })]),
      },
    });
  });

  it('expires scan work/ objects and data exports after 7 days', () => {
    const t = template(vigil.stacks.data);
    t.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'uploads/' }),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Id: 'expire-scan-work', Prefix: 'work/', ExpirationInDays: 7, Status: 'Enabled' }),
          Match.objectLike({ Id: 'expire-data-exports', Prefix: 'exports/', ExpirationInDays: 7, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('encrypts, blocks public access and requires TLS on every bucket of every stack', () => {
    for (const stack of Object.values(vigil.stacks)) {
      const t = template(stack);
      const buckets = t.findResources('AWS::S3::Bucket');
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policies = Object.values(t.findResources('AWS::S3::BucketPolicy')).filter(
          (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: id }),
        );
        const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement);
        expect(statements).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
      }
    }
  });
});

describe('auth stack', () => {
  it('has a public app client for the BFF: code flow (PKCE), openid/email/profile, site callbacks', () => {
    const t = template(vigil.stacks.auth);
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      CallbackURLs: [`${SITE_URL}/api/auth/callback`],
      LogoutURLs: [`${SITE_URL}/`],
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  it('signs in by e-mail with self sign-up, a strong password policy and enforced threat protection', () => {
    const t = template(vigil.stacks.auth);
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    t.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  });

  it('creates the admin group', () => {
    template(vigil.stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('exports the issuer URL, client id and the Cognito logout URL with the site as logout_uri', () => {
    const outputs = template(vigil.stacks.auth).toJSON().Outputs;
    const issuer = JSON.stringify(outputs.IssuerUrl.Value);
    expect(issuer).toContain('https://cognito-idp.');
    expect(outputs.ClientId.Value).toEqual({ Ref: logicalId(vigil.stacks.auth.client) });
    const logout = JSON.stringify(outputs.LogoutUrl.Value);
    expect(logout).toContain('.amazoncognito.com/logout?client_id=');
    expect(logout).toContain(`&logout_uri=${encodeURIComponent(`${SITE_URL}/`)}`);
  });
});

describe('api stack', () => {
  const areasWithCode = AREAS.filter((a) => fs.existsSync(path.join(REPO_ROOT, areaEntry(a))));

  it('has code for every area of the route table', () => {
    expect(areasWithCode).toEqual([...AREAS]);
  });

  it('creates exactly one route per route-table entry, integrated with its area function', () => {
    const t = template(vigil.stacks.api);
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route'));
    const expected = ROUTES.filter((r) => areasWithCode.includes(r.area)).map(routeKey);
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual([...expected].sort());

    const integrations = t.findResources('AWS::ApiGatewayV2::Integration');
    for (const route of ROUTES.filter((r) => areasWithCode.includes(r.area))) {
      const resource = routes.find((r) => r.Properties.RouteKey === routeKey(route))!;
      const integrationId = resource.Properties.Target['Fn::Join'][1][1].Ref as string;
      const uri = integrations[integrationId].Properties.IntegrationUri;
      expect(uri).toEqual({ 'Fn::GetAtt': [logicalId(vigil.stacks.api.functions.get(route.area)!.fn), 'Arn'] });
    }
  });

  it('runs every function of the app on Node 22, arm64, with tracing and its own log group', () => {
    let count = 0;
    for (const stack of Object.values(vigil.stacks)) {
      const fns = template(stack).findResources('AWS::Lambda::Function');
      for (const fn of Object.values(fns)) {
        if (!String(fn.Properties.Runtime).startsWith('nodejs')) continue; // CDK's Python deployment handler
        count++;
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          TracingConfig: { Mode: 'Active' },
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
        });
      }
    }
    expect(count).toBeGreaterThanOrEqual(areasWithCode.length);
  });

  it('configures every function from the variables functions/lib/config.ts reads', () => {
    const fns = template(vigil.stacks.api).findResources('AWS::Lambda::Function');
    expect(Object.keys(fns)).toHaveLength(areasWithCode.length);
    for (const fn of Object.values(fns)) {
      const env = fn.Properties.Environment.Variables;
      for (const name of ['TABLE_NAME', 'UPLOADS_BUCKET', 'NOTICES_BUCKET', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_LOGOUT_URL', 'SEARCH_STATE_MACHINE_ARN', 'SUBMISSION_STATE_MACHINE_ARN']) {
        expect(env[name]).toBeDefined();
      }
      expect(env).toMatchObject({
        PUBLIC_URL: SITE_URL,
        ADMIN_GROUP: 'admin',
        NODE_OPTIONS: '--enable-source-maps',
        MAIL_FROM: 'dmca@vigil.test',
        SUPPORT_EMAIL: PROD_CONTEXT.supportEmail,
        AGENT_NAME: PROD_CONTEXT.agentName,
        AGENT_COMPANY: PROD_CONTEXT.agentCompany,
        AGENT_ADDRESS: PROD_CONTEXT.agentAddress,
        AGENT_EMAIL: PROD_CONTEXT.agentEmail,
        AGENT_PHONE: PROD_CONTEXT.agentPhone,
      });
      expect(env.BEDROCK_MODEL_ID).toBeUndefined(); // not configured: the offline assistant answers
    }
  });

  it('grants least privilege: no area scans, S3 and workflows only where listed', () => {
    const t = template(vigil.stacks.api);
    const actionsOf = (area: string) => {
      const roleId = logicalId(vigil.stacks.api.functions.get(area)!.role);
      const policies = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
        p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId),
      );
      return policies.flatMap((p) => p.Properties.PolicyDocument.Statement).flatMap((s) => [s.Action].flat()) as string[];
    };
    const system = actionsOf('system');
    // Health checks read one item; checks and request timings are metrics, so the area writes nothing.
    expect(system).toContain('dynamodb:GetItem');
    expect(system.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
    // The request metrics are read back by the admin figures alone.
    expect(areasWithCode.filter((a) => actionsOf(a).includes('cloudwatch:GetMetricData'))).toEqual(['admin']);
    expect(system.filter((a) => a.startsWith('s3:') || a.startsWith('states:'))).toEqual([]);
    expect(actionsOf('auth')).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem']));
    expect(actionsOf('auth').filter((a) => a.startsWith('s3:'))).toEqual([]);
    for (const area of areasWithCode) expect(actionsOf(area)).not.toContain('dynamodb:Scan');
    // Only the scan and monitor areas start searches (a monitor's "Run now"), only the cases area starts submissions,
    // and only the account area starts an account erasure (on a confirmed link).
    const starters = areasWithCode.filter((a) => actionsOf(a).includes('states:StartExecution'));
    expect(starters.sort()).toEqual(['account', 'cases', 'monitors', 'search']);
  });

  it('keeps Stripe out of every environment: only the account function knows the mode and reads the secret', () => {
    const stacks = [vigil.stacks.api, vigil.stacks.workflows];
    for (const stack of stacks) {
      for (const fn of Object.values(template(stack).findResources('AWS::Lambda::Function'))) {
        const env = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
        expect(Object.keys(env).filter((k) => /^STRIPE_(SECRET_KEY|WEBHOOK_SECRET|ENDPOINT)$/.test(k))).toEqual([]);
        expect(JSON.stringify(env)).not.toMatch(/\b(sk|rk|whsec)_(live|test)?_?[A-Za-z0-9]/);
        expect(env.BILLING).not.toBe('demo');
      }
    }
    const api = template(vigil.stacks.api);
    const accountId = logicalId(vigil.stacks.api.functions.get('account')!.fn);
    const withBilling = Object.entries(api.findResources('AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.BILLING);
    expect(withBilling.map(([id]) => id)).toEqual([accountId]);
    expect(withBilling[0]![1].Properties.Environment.Variables).toMatchObject({ BILLING: 'stripe', STRIPE_SECRET_ARN: STRIPE_SECRET_ARN });
    // Exactly one role may read the Stripe secret: the account function's.
    const readers = stacks.flatMap((stack) =>
      Object.values(template(stack).findResources('AWS::IAM::Policy'))
        .filter((p) => (p.Properties.PolicyDocument.Statement as { Resource: unknown }[]).some((st) => JSON.stringify(st.Resource).includes('vigil/stripe')))
        .flatMap((p) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref)),
    );
    expect(readers).toEqual([logicalId(vigil.stacks.api.functions.get('account')!.role)]);
  });

  it('lets the admin function invoke the account function (discount to Stripe at once) and nothing else invoke it', () => {
    const api = template(vigil.stacks.api);
    const accountId = logicalId(vigil.stacks.api.functions.get('account')!.fn);
    const admin = vigil.stacks.api.functions.get('admin')!;
    const fns = api.findResources('AWS::Lambda::Function');
    expect(fns[logicalId(admin.fn)]!.Properties.Environment.Variables.ACCOUNT_FUNCTION_NAME).toEqual({ Ref: accountId });
    const invokers = Object.values(api.findResources('AWS::IAM::Policy')).flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'))
        .map((st) => ({ roles: p.Properties.Roles.map((r: { Ref: string }) => r.Ref), resource: st.Resource })),
    );
    // The account function invokes the data export function (issue 27), in the workflows stack, and nothing else.
    const account = vigil.stacks.api.functions.get('account')!;
    expect(invokers).toHaveLength(2);
    expect(invokers).toEqual(
      expect.arrayContaining([
        { roles: [logicalId(account.role)], resource: expect.objectContaining({ 'Fn::GetStackOutput': expect.objectContaining({ StackName: vigil.stacks.workflows.stackName }) }) },
        { roles: [logicalId(admin.role)], resource: { 'Fn::GetAtt': [accountId, 'Arn'] } },
      ]),
    );
    expect(JSON.stringify(invokers)).toContain('AccountExport');
    expect(fns[accountId]!.Properties.Environment.Variables.EXPORT_FUNCTION_NAME).toBeDefined();
  });

  it('disables the execute-api endpoint: the API answers on the site host as a custom domain, behind CloudFront', () => {
    const t = template(vigil.stacks.api);
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    t.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: new URL(SITE_URL).hostname,
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: PROD_CONTEXT.certificateArn, EndpointType: 'REGIONAL' })],
    });
    t.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
  });

  it('counts 429 answers from the access log as a metric per API', () => {
    template(vigil.stacks.api).hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [Match.objectLike({ MetricNamespace: 'Vigil', MetricName: 'Api429', MetricValue: '1', Dimensions: [{ Key: 'ApiId', Value: '$.apiId' }] })],
    });
  });

  it('throttles the default stage and writes access logs', () => {
    template(vigil.stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('bundles a handler that Node loads as ESM and that answers GET /api/health from DynamoDB', async () => {
    const dynamo = await startTestDynamo();
    const fn = template(vigil.stacks.api).toJSON().Resources[logicalId(vigil.stacks.api.functions.get('system')!.fn)];
    const assetDir = path.join(vigil.assembly.directory, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
    const event = {
      version: '2.0',
      routeKey: 'GET /api/health',
      rawPath: '/api/health',
      rawQueryString: '',
      headers: { host: 'vigil.test' },
      requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'test' },
      isBase64Encoded: false,
    };
    const script = `const { handler } = await import(${JSON.stringify(path.join(assetDir, 'index.mjs'))});
      process.stdout.write(JSON.stringify(await handler(${JSON.stringify(event)}, {})));`;
    // Asynchronously: the bundle talks to the in-process dynalite, which a blocking exec would starve.
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'SILENT',
        // The request's EMF metrics line would share stdout with the answer.
        POWERTOOLS_METRICS_DISABLED: 'true',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        TABLE_NAME: dynamo.tableName,
      },
      encoding: 'utf8',
    }).finally(() => dynamo.close());
    const result = JSON.parse(stdout);
    expect(result.statusCode).toBe(200);
    // It ran from the bundle: the asset folder is the bundle's own.
    expect(JSON.parse(result.body)).toEqual({ status: 'ok', handlers: 'bundles', bundleDir: assetDir });
  });
});

describe('workflows stack', () => {
  it('creates the standard search state machine with ALL-level logging and tracing', () => {
    const t = template(vigil.stacks.workflows);
    t.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      LoggingConfiguration: Match.objectLike({ Level: 'ALL' }),
      TracingConfiguration: { Enabled: true },
    });
    const [sm] = Object.values(t.findResources('AWS::StepFunctions::StateMachine'));
    const definition = JSON.stringify(sm.Properties.DefinitionString);
    for (const state of ['Fingerprint', 'QueryEngines', 'QueryEngine', 'Triage', 'Persist', 'Finalize']) {
      expect(definition).toContain(`\\"${state}\\":{`);
    }
  });
});

describe('bundles', () => {
  // bundles mode, bench:lambda and the bundle checks build what lambdaFunctions() lists: it must be every
  // function the templates deploy, the scheduled ones (dispatcher, monthly report) included.
  it('lambdaFunctions() lists every function of the templates', () => {
    const deployed = appFunctions();
    const listed = lambdaFunctions();
    expect(listed).toHaveLength(deployed.length);
    for (const name of ['MonitorDispatcher', 'MonthlyReportTask']) {
      expect(listed.find((f) => f.name === name)?.kind).toBe('scheduled');
      expect(deployed.filter((f) => f.id.startsWith(name))).toHaveLength(1);
    }
  });
});

describe('media and PDF layers', () => {
  it('go to every function whose bundle imports sharp or runs ffmpeg (media), or imports pdfmake or fontkit (PDF), and to no other', () => {
    const media: string[] = [];
    const pdf: string[] = [];
    for (const stack of Object.values(vigil.stacks)) {
      const t = template(stack);
      const layers = Object.entries(t.findResources('AWS::Lambda::LayerVersion'));
      const layerId = (what: string) => layers.find(([, l]) => String(l.Properties.Description).includes(what))?.[0];
      for (const [id, fn] of Object.entries(t.findResources('AWS::Lambda::Function'))) {
        if (!String(fn.Properties.Runtime).startsWith('nodejs')) continue; // CDK's Python deployment handler
        const bundle = fs.readFileSync(
          path.join(vigil.assembly.directory, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`, 'index.mjs'),
          'utf8',
        );
        // sharp is never inlined (its loader needs its own package beside the binding), only imported.
        expect(bundle).not.toContain('sharp.node');
        expect(bundle).not.toContain('@img/sharp-');
        // Every bundle carries the config schema (which names FFMPEG_PATH); only the video code calls its getter.
        // sharp is imported on first use only (functions/lib/sharp.ts): never at the bundle's top (issue 27).
        expect(bundle).not.toMatch(/from\s*"sharp"/);
        const needsMedia = /import\(\s*"sharp"\s*\)/.test(bundle) || /\.ffmpegPath\(\)/.test(bundle);
        if (needsMedia) media.push(`${stack.stackName}/${id}`);
        // The PDF renderer is never inlined either: a bundle that imports it gets the PDF layer.
        const needsPdf = /from\s*"(pdfmake|fontkit)"/.test(bundle);
        if (needsPdf) pdf.push(`${stack.stackName}/${id}`);
        // A layer of the function's own stack is a Ref; the media layer of the workflows stack, given to API areas, is
        // a cross-stack reference named after it.
        const refs = JSON.stringify(fn.Properties.Layers ?? []);
        const has = (what: string) => refs.includes(`"${layerId(what)}"`) || refs.includes(what === 'media' ? 'RefMediaLayer' : 'RefPdfLayer');
        expect({ id, media: has('media'), pdf: has('PDF') }).toEqual({ id, media: needsMedia, pdf: needsPdf });
        expect(fn.Properties.Environment.Variables.FFMPEG_PATH).toBe(needsMedia ? MEDIA_LAYER_ENVIRONMENT.FFMPEG_PATH : undefined);
      }
    }
    // The media parsers, the case form (it matches a URL the creator names against the references), the
    // notice's evidence thumbnails (one notice, or a grouped message's: BulkSendGroup), likeness enrolment and the
    // re-emergence job (it matches pictures reposted in sources). Bulk cases, automatic submission (Finalize) and
    // recovery decode nothing (issue 27).
    expect(media.map((m) => m.replace(/(Task|Area)?Function.*$|Task.*$/, '')).sort()).toEqual([
      'Vigil-prod-Api/Cases',
      'Vigil-prod-Api/Documents',
      'Vigil-prod-Api/Likeness',
      'Vigil-prod-Workflows/BulkSendGroup',
      'Vigil-prod-Workflows/Fingerprint',
      'Vigil-prod-Workflows/Reemergence',
      'Vigil-prod-Workflows/SendNotice',
      'Vigil-prod-Workflows/Triage',
    ]);
    expect(pdf.map((m) => m.replace(/(Task|Area).*$/, '')).sort()).toEqual(['Vigil-prod-Api/Admin', 'Vigil-prod-Api/Documents', 'Vigil-prod-Workflows/BulkSendGroup', 'Vigil-prod-Workflows/MonthlyReport', 'Vigil-prod-Workflows/SendNotice']);
  });
});

describe('web stack', () => {
  it('sends the shared security headers, CSP included, from a response headers policy', () => {
    template(vigil.stacks.web).hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
        }),
      }),
    });
  });

  it('routes /api/* to the API custom domain uncached with every method and all viewer headers, Host included', () => {
    const t = template(vigil.stacks.web);
    const policyId = logicalId(vigil.stacks.web.node.findChild('SecurityHeaders') as never);
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
            // The viewer's Host (the site's name, the API domain's name) reaches API Gateway.
            OriginRequestPolicyId: cloudfront.OriginRequestPolicy.ALL_VIEWER.originRequestPolicyId,
            ResponseHeadersPolicyId: { Ref: policyId },
            ViewerProtocolPolicy: 'https-only',
          }),
        ],
        DefaultCacheBehavior: Match.objectLike({
          ResponseHeadersPolicyId: { Ref: policyId },
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
    // The API origin is the regional endpoint of the API's custom domain (the execute-api endpoint is off).
    const [dist] = Object.values(t.findResources('AWS::CloudFront::Distribution'));
    const apiOrigin = dist.Properties.DistributionConfig.Origins.find((o: { CustomOriginConfig?: unknown }) => o.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('RegionalDomainName');
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('puts a managed WAF web ACL in front of the site and the API by default in prod', () => {
    const t = template(vigil.stacks.web);
    t.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet', Statement: { ManagedRuleGroupStatement: Match.objectLike({ RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }] }) } }),
        Match.objectLike({ Name: 'RatePerIp', Action: { Block: {} }, Statement: { RateBasedStatement: Match.objectLike({ AggregateKeyType: 'IP' }) } }),
      ]),
    });
    const [aclId] = Object.keys(t.findResources('AWS::WAFv2::WebACL'));
    t.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] } }) });
  });

  it('reaches the private site bucket through origin access control and uploads the built site', () => {
    const t = template(vigil.stacks.web);
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const [dist] = Object.values(t.findResources('AWS::CloudFront::Distribution'));
    const s3Origin = dist.Properties.DistributionConfig.Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
  });
});

describe('stages', () => {
  it('refuses to synthesize prod without the provider secret (and names Stripe, the certificate)', () => {
    const { providerSecretArn: _p, certificateArn: _c, ...rest } = PROD_CONTEXT;
    expect(() => synthVigil({ ...rest })).toThrow(/refuses to deploy without: providerSecretArn.*stripeSecretArn.*certificateArn/);
  });

  it('names every stack Vigil-<stage>-<part>', () => {
    expect(Object.values(vigil.stacks).map((s) => s.stackName).sort()).toEqual(
      ['Vigil-prod-Api', 'Vigil-prod-Auth', 'Vigil-prod-Data', 'Vigil-prod-Ops', 'Vigil-prod-Web', 'Vigil-prod-Workflows'],
    );
  });

  it('leaves no example identity, support address or site in any function environment', () => {
    for (const stack of Object.values(vigil.stacks)) {
      for (const fn of Object.values(template(stack).findResources('AWS::Lambda::Function'))) {
        const env = JSON.stringify(fn.Properties.Environment?.Variables ?? {});
        expect(env).not.toMatch(/example\.(com|org|net)|\.example\b/i);
      }
    }
  });

  it('sends Cognito mail through SES from mailFrom in prod', () => {
    template(vigil.stacks.auth).hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: `Vigil <${PROD_CONTEXT.mailFrom}>` }),
    });
  });
});

describe('time limits', () => {
  it('gives the assistant two Bedrock attempts plus the offline fallback, under API Gateway\'s 30 s', () => {
    const fn = vigil.stacks.api.functions.get('assistant')!;
    const props = template(vigil.stacks.api).findResources('AWS::Lambda::Function')[logicalId(fn.fn as never)]!.Properties;
    expect(props.Timeout).toBe(ASSISTANT_TIMEOUT_SECONDS);
    expect(props.Timeout).toBeLessThan(30);
    expect(Number(props.Environment.Variables.BEDROCK_TIMEOUT_MS) * 2 / 1000).toBeLessThan(props.Timeout);
  });

  it('refuses a re-check wait the submission execution could not outlive', () => {
    expect(() => checkRecheckAfterSeconds(7 * 86_400)).toThrow(/RECHECK_AFTER_SECONDS.*could end it before the re-check/);
    expect(() => checkRecheckAfterSeconds(-1)).toThrow(/whole number/);
    expect(checkRecheckAfterSeconds(86_400)).toBe(86_400);
  });
});

describe('ops stack', () => {
  it('has an encrypted, TLS-only alarm topic with an e-mail subscription to alarmEmail', () => {
    const t = template(vigil.stacks.ops);
    t.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: PROD_CONTEXT.alarmEmail });
    t.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
  });

  it('alarms on rates or M of N periods, never e-mails when an alarm clears, and covers what issue 27 names', () => {
    const t = template(vigil.stacks.ops);
    const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const names = alarms.map((a) => String(a.AlarmName).replace(/^Vigil-prod-/, ''));
    const apiAreas = [...vigil.stacks.api.functions.keys()];
    expect(names.filter((n) => /^Api.*ErrorRate$/.test(n))).toHaveLength(apiAreas.length);
    expect(names.filter((n) => /^Api.*Throttles$/.test(n))).toHaveLength(apiAreas.length);
    // Workflow tasks: only a task failing most invocations (their throttles and named errors are retried by design).
    expect(names.filter((n) => /^Task.*ErrorRate$/.test(n))).toHaveLength(vigil.stacks.workflows.taskFunctionsByName.size);
    expect(names.filter((n) => /^Task.*Throttles$/.test(n))).toEqual([]);
    for (const name of [
      'Api5xxRate', 'Api4xxRate', 'Api429',
      'MonitorDispatcherErrors', 'MonthlyReportErrors', 'RecoveryExecutionEndedErrors',
      'SearchExecutionsFailed', 'SearchExecutionsTimedOut', 'SubmissionExecutionsFailed', 'BulkSubmissionExecutionsFailed',
      'SearchExecutionsThrottled', 'StepFunctionsStartThrottled', 'StepFunctionsTransitionsThrottled',
      'LambdaConcurrencyNearQuota', 'TableReadThrottles', 'TableWriteThrottles',
      'SesBounceRate', 'SesComplaintRate', 'SesSendingNearQuota',
      'MonitorDispatchLag', 'ProviderQuotaExhausted', 'ProviderSpendPace',
    ]) {
      expect(names).toContain(name);
    }
    const topicRef = { Ref: Object.keys(t.findResources('AWS::SNS::Topic'))[0] };
    for (const a of alarms) {
      expect(a.AlarmActions).toEqual([topicRef]);
      expect(a.OKActions).toBeUndefined(); // no "all clear" e-mails
      expect(a.InsufficientDataActions).toBeUndefined();
    }
    const byName = (n: string) => alarms.find((a) => a.AlarmName === `Vigil-prod-${n}`)!;
    // A rate: a math expression dividing by the requests, with a floor so a quiet period is not a breach.
    const rate = byName('Api5xxRate');
    expect(rate).toMatchObject({ EvaluationPeriods: 5, DatapointsToAlarm: 3, Threshold: 5 });
    expect(JSON.stringify(rate.Metrics)).toMatch(/IF\(whole(\d+) >= 20, 100 \* part\1 \/ whole\1, 0\)/);
    // Single-period alarms are kept for events that are always real (a quota error, a timeout, the daily pace).
    const singles = alarms.filter((a) => (a.EvaluationPeriods ?? 1) === 1).map((a) => String(a.AlarmName).replace(/^Vigil-prod-/, ''));
    expect(singles.sort()).toEqual(['AccountErasureExecutionsTimedOut', 'BulkSubmissionExecutionsTimedOut', 'MonitorDeadLetters', 'ProviderQuotaExhausted', 'ProviderSpend', 'ProviderSpendPace', 'SearchExecutionsTimedOut', 'SubmissionExecutionsTimedOut']);
    expect(byName('LambdaConcurrencyNearQuota').Metrics[0]).toMatchObject({ Expression: '100 * c / SERVICE_QUOTA(c)' });
    expect(byName('MonitorDispatchLag')).toMatchObject({ Namespace: 'Vigil', MetricName: 'MonitorDispatchLagSeconds', Dimensions: [{ Name: 'service', Value: 'vigil-ops' }], ExtendedStatistic: 'p95' });
    expect(byName('SesSendingNearQuota')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Send', Threshold: Math.ceil((50_000 * 0.8) / 24) });
    expect(byName('Api429')).toMatchObject({ Namespace: 'Vigil', MetricName: 'Api429' });
    const ses = byName('SesBounceRate');
    expect(ses).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' });
  });

  it('has one dashboard', () => {
    template(vigil.stacks.ops).resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('alarms on monitor dispatch lag, dead letters, provider quota and spend, and has an AWS Budgets budget on the topic (issue 27)', () => {
    const t = template(vigil.stacks.ops);
    const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const byName = (name: string) => alarms.find((a) => a.AlarmName === `Vigil-prod-${name}`);
    expect(byName('MonitorDispatchLag')).toMatchObject({ Namespace: 'Vigil', MetricName: 'MonitorDispatchLagSeconds', ExtendedStatistic: 'p95', Dimensions: [{ Name: 'service', Value: 'vigil-ops' }] });
    expect(byName('MonitorDeadLetters')).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    expect(byName('ProviderQuotaExhausted')).toMatchObject({ MetricName: 'ProviderQuotaErrors', Threshold: 1 });
    expect(byName('ProviderSpend')).toMatchObject({ MetricName: 'ProviderBudgetUsedPercent', Threshold: 80 });
    const [budget] = Object.values(t.findResources('AWS::Budgets::Budget'));
    expect(budget!.Properties.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Unit: 'USD' } });
    const topicRef = { Ref: Object.keys(t.findResources('AWS::SNS::Topic'))[0] };
    expect(budget!.Properties.NotificationsWithSubscribers.map((n: { Subscribers: unknown[] }) => n.Subscribers)).toEqual([[{ SubscriptionType: 'SNS', Address: topicRef }], [{ SubscriptionType: 'SNS', Address: topicRef }]]);
  });

  it('lets the monitors API area write the schedules of the monitor group, and gives every function the platform provider budget', () => {
    const api = template(vigil.stacks.api);
    const policies = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('scheduler:CreateSchedule');
    expect(policies).toContain('"iam:PassedToService":"scheduler.amazonaws.com"');
    for (const stack of [vigil.stacks.api, vigil.stacks.workflows]) {
      for (const fn of Object.values(template(stack).findResources('AWS::Lambda::Function'))) {
        if (!fn.Properties.Environment?.Variables?.TABLE_NAME) continue; // CDK's own handlers
        expect(fn.Properties.Environment.Variables.PLATFORM_PROVIDER_SEARCHES_PER_MONTH).toBe('4500'); // 90% of the provider plan's 5,000
      }
    }
  });
});

describe('recovery of stopped executions', () => {
  const fnRef = (name: 'ExecutionEnded' | 'Reconcile') => ({ 'Fn::GetAtt': [logicalId(vigil.stacks.workflows.recoveryFunctions.get(name)!.fn as never), 'Arn'] });

  it('sends every FAILED, TIMED_OUT or ABORTED execution of the three workflows (bulk submission too) to the ExecutionEnded function', () => {
    const t = template(vigil.stacks.workflows);
    t.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.states'],
        'detail-type': ['Step Functions Execution Status Change'],
        detail: {
          status: ['FAILED', 'TIMED_OUT', 'ABORTED'],
          stateMachineArn: [
            { Ref: logicalId(vigil.stacks.workflows.searchStateMachine as never) },
            { Ref: logicalId(vigil.stacks.workflows.submissionStateMachine as never) },
            { Ref: logicalId(vigil.stacks.workflows.bulkSubmissionStateMachine as never) },
          ],
        },
      },
      Targets: [Match.objectLike({ Arn: fnRef('ExecutionEnded') })],
    });
  });

  it('runs the reconciler every 15 minutes, allowed to list the workflows\' executions', () => {
    const t = template(vigil.stacks.workflows);
    t.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(15 minutes)', Targets: [Match.objectLike({ Arn: fnRef('Reconcile') })] });
    t.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: Match.objectLike({ Statement: Match.arrayWith([Match.objectLike({ Action: 'states:ListExecutions' })]) }),
    });
  });

  it('lets both recovery functions find the bulk submission machine and list its stopped executions', () => {
    const t = template(vigil.stacks.workflows);
    const bulkRef = { Ref: logicalId(vigil.stacks.workflows.bulkSubmissionStateMachine as never) };
    for (const name of ['ExecutionEnded', 'Reconcile'] as const) {
      const fn = t.findResources('AWS::Lambda::Function')[logicalId(vigil.stacks.workflows.recoveryFunctions.get(name)!.fn as never)]!;
      expect(fn.Properties.Environment.Variables.BULK_SUBMISSION_STATE_MACHINE_ARN).toEqual(bulkRef);
    }
    t.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: Match.objectLike({ Statement: Match.arrayWith([Match.objectLike({ Action: 'states:ListExecutions', Resource: Match.arrayWith([bulkRef]) })]) }),
    });
  });
});
