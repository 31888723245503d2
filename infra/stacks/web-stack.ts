import * as fs from 'node:fs';
import * as path from 'node:path';
import { Annotations, CfnOutput, DefaultStackSynthesizer, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { acknowledgeWildcardResource } from '../constructs/nag';
import { privateBucket } from '../constructs/private-bucket';
import { securityHeadersPolicy } from '../constructs/security-headers-policy';
import { SPA_REWRITE_FUNCTION_CODE } from '../constructs/spa-rewrite';

export interface WebStackProps extends StackProps {
  /** The HTTP API's id; its execute-api host becomes the `/api/*` origin. */
  apiId: string;
  siteUrl: string;
  /** The built site (dist/web). Uploaded only when it exists at synth time. */
  siteDir: string;
  /** ACM certificate in us-east-1 for siteUrl's host name. */
  certificateArn?: string;
  /** WAFv2 web ACL (CLOUDFRONT scope) to attach. */
  webAclArn?: string;
  /** `managed`: create a web ACL (WEB_ACL_RULES) for the distribution. Ignored when webAclArn is given. */
  waf?: 'managed' | 'none';
  /**
   * The regional endpoint of the API's custom domain (named like the site): the `/api/*` origin, reached with
   * the viewer's Host header so API Gateway finds the domain. Unset: the execute-api host of `apiId`.
   */
  apiRegionalDomainName?: string;
}

/** Requests one IP may send in 5 minutes before the managed web ACL blocks it for a while (about 10 a second). */
export const WAF_RATE_LIMIT_PER_5_MINUTES = 3000;

/**
 * The managed web ACL's rules, in order: AWS's common rule set (its 8 KB body-size rule only counts: reference
 * uploads are multipart bodies of megabytes, which the API limits itself), known bad inputs, Amazon's IP
 * reputation list, and a rate limit per IP address.
 */
function webAclRules(): wafv2.CfnWebACL.RuleProperty[] {
  const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true });
  const managed = (priority: number, name: string, excluded: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(excluded.length ? { ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
      },
    },
    visibilityConfig: visibility(name),
  });
  return [
    managed(0, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
    managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
    managed(2, 'AWSManagedRulesAmazonIpReputationList'),
    {
      name: 'RatePerIp',
      priority: 3,
      action: { block: {} },
      statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT_PER_5_MINUTES, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
      visibilityConfig: visibility('RatePerIp'),
    },
  ];
}

/**
 * The site: a private bucket behind a CloudFront distribution (origin access control), client-side routes
 * rewritten to index.html by a CloudFront Function, `/api/*` passed to the HTTP API uncached, and the
 * security headers of shared/security-headers.ts on every response.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  /** The managed web ACL, when this stack created one (waf=managed). */
  readonly webAcl?: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // CloudFront standard logs are delivered with ACLs, so this bucket keeps ACLs enabled (owner preferred).
    const logsBucket = privateBucket(this, 'LogsBucket', {
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(365) }],
    });
    Validations.of(logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket receives the CloudFront and site-bucket access logs; logging it into itself would loop.',
    });

    this.siteBucket = privateBucket(this, 'SiteBucket', {
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3-site/',
    });

    const headers = securityHeadersPolicy(this, 'SecurityHeaders');
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    const apiHost = props.apiRegionalDomainName ?? `${props.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    if (!props.webAclArn && props.waf === 'managed') {
      // A CLOUDFRONT-scope web ACL exists only in us-east-1: deploy the stacks there, or create one there and
      // give -c webAclArn (docs/OPERATIONS.md, "WAF").
      this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
        scope: 'CLOUDFRONT',
        defaultAction: { allow: {} },
        description: 'Vigil: AWS managed rules and a per-IP rate limit in front of the site and the API',
        visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `${this.stackName}-WebAcl`, sampledRequestsEnabled: true },
        rules: webAclRules(),
      });
    }
    const webAclArn = props.webAclArn ?? this.webAcl?.attrArn;
    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Vigil site and API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiHost, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would turn POSTs into GETs; plain http is refused instead.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Cookies, query strings and headers reach the API. Through the API's custom domain the viewer's Host
          // (the site's name, which is the domain's name) goes too; the execute-api host needs its own Host.
          originRequestPolicy: props.apiRegionalDomainName
            ? cloudfront.OriginRequestPolicy.ALL_VIEWER
            : cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
      // Only effective with a custom certificate; the default *.cloudfront.net certificate has a fixed policy.
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      domainNames: certificate ? [new URL(props.siteUrl).hostname] : undefined,
      certificate,
      webAclId: webAclArn,
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Vigil serves creators worldwide; there is no country it must refuse.',
    });
    if (!webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF by default (a CLOUDFRONT web ACL lives in us-east-1 and is billed per rule); the API stage is throttled ' +
          'and handlers validate every input. Attach one with -c webAclArn=... (docs/OPERATIONS.md).',
      });
    }
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose policy CloudFront ' +
          'fixes; with -c certificateArn=... the distribution enforces TLSv1.2_2021.',
      });
    }

    this.deploySite(props.siteDir);

    const distributionUrl = `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'DistributionUrl', { value: distributionUrl, description: 'The CloudFront address of the site' });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'SiteUrl', { value: props.siteUrl, description: 'The siteUrl this deployment was configured with' });
  }

  /** Uploads dist/web and invalidates the cache; before a build, synth still works and says so. */
  private deploySite(siteDir: string): void {
    if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
      Annotations.of(this).addInfo(
        `${siteDir} has no index.html: the site is not uploaded by this deployment. Run "npm run build" first.`,
      );
      return;
    }
    new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(siteDir)],
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    this.acknowledgeDeploymentHandler();
  }

  /**
   * BucketDeployment's handler is a CDK-owned singleton Lambda (Python, aws-cli layer) whose role and runtime
   * we cannot shape; it runs only during deployments, copying the site from the CDK assets bucket.
   */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found; cdk-nag acknowledgements need updating');
    const qualifier =
      (this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const why = 'CDK-owned BucketDeployment handler, run only at deploy time to copy dist/web from the CDK assets bucket';
    const acknowledged: Array<[string, string]> = [
      ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', `${why}; CDK attaches the basic execution role.`],
      ['AwsSolutions-L1', `${why}; CDK pins its runtime.`],
      ['AwsSolutions-IAM5[Resource::*]', `${why}; CloudFront CreateInvalidation has no resource-level scoping in CDK's grant.`],
      [`AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*]`, `${why}; reads the site asset zip.`],
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
        (action): [string, string] => [`AwsSolutions-IAM5[Action::${action}]`, `${why}; CDK's read/write grant on the source and site buckets.`],
      ),
    ];
    for (const [id, reason] of acknowledged) Validations.of(handler).acknowledge({ id, reason });
    acknowledgeWildcardResource(handler, this.siteBucket.arnForObjects('*'), `${why}; it replaces the whole site.`);
  }
}
