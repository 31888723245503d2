import * as path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { WebStack } from '../stacks/web-stack';
import { cdkJsonContext, removeTempDirs, tempDir } from './vigil-app';

const tmp = () => tempDir('vigil-web-');
// CDK's built-in CloudFormation rule validation costs seconds per synth; vigil-app.test.ts runs it on the
// whole app, so these focused synths check cdk-nag and structure only.
const newApp = (context: Record<string, unknown> = cdkJsonContext()) =>
  new App({ outdir: tmp(), context, builtinCloudFormationValidation: false });

afterAll(removeTempDirs);

describe('web stack before the site is built', () => {
  it('synthesizes cdk-nag clean without uploading anything and says so', () => {
    const app = newApp();
    const web = new WebStack(app, 'Web', { apiId: 'abc123', siteUrl: 'https://vigil.test', siteDir: path.join(tmp(), 'dist', 'web') });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

    const assembly = app.synth(); // throws on any unacknowledged cdk-nag error
    const t = Template.fromJSON(assembly.getStackByName(web.stackName).template);
    t.resourceCountIs('Custom::CDKBucketDeployment', 0);
    t.resourceCountIs('AWS::CloudFront::Distribution', 1);
    const info = assembly.getStackByName(web.stackName).messages.filter((m) => m.level === 'info').map((m) => String(m.entry.data));
    expect(info).toEqual([expect.stringMatching(/has no index\.html.*npm run build/)]);
  });

  it('uses the custom domain and TLS 1.2 policy when a certificate is configured', () => {
    const app = newApp();
    const web = new WebStack(app, 'Web', {
      apiId: 'abc123',
      siteUrl: 'https://vigil.test',
      siteDir: tmp(),
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/vigil/abc',
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const assembly = app.synth();
    const dist = Object.values(Template.fromJSON(assembly.getStackByName(web.stackName).template).findResources('AWS::CloudFront::Distribution'))[0];
    expect(dist.Properties.DistributionConfig).toMatchObject({
      Aliases: ['vigil.test'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      WebACLId: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/vigil/abc',
    });
  });
});

describe('cdk-nag wiring', () => {
  it('fails the synth on an unacknowledged finding (so a clean synth means clean)', () => {
    const app = newApp({});
    const stack = new Stack(app, 'Bad');
    new s3.Bucket(stack, 'NoLogsNoTls');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});
