import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as cxapi from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiFunction } from '../constructs/api-function';
import { applyAccess } from '../constructs/grants';
import { cdkJsonContext, removeTempDirs, tempDir } from './vigil-app';

type Statement = { Action: string | string[]; Resource: unknown };

/**
 * One function with every kind of access and every optional service configured, synthesized with cdk-nag. Its code
 * is not bundled (BUNDLING_STACKS empty): this file reads its IAM policies only, and the whole app's synthesis
 * (vigil-app.test.ts) bundles every function.
 */
function synthFunction(bedrockModelId: string) {
  const app = new App({
    outdir: tempDir('vigil-grants-'),
    context: { ...cdkJsonContext(), [cxapi.BUNDLING_STACKS]: [] },
    builtinCloudFormationValidation: false,
  });
  const stack = new Stack(app, 'Grants', { env: { account: '123456789012', region: 'us-east-1' } });
  const bucket = (id: string) => {
    const b = new s3.Bucket(stack, id, { enforceSSL: true });
    Validations.of(b).acknowledge({ id: 'AwsSolutions-S1', reason: 'test fixture' });
    return b;
  };
  const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
  Validations.of(table).acknowledge({ id: 'AwsSolutions-DDB3', reason: 'test fixture' });
  const fn = new ApiFunction(stack, 'Fn', { entry: 'functions/http/system/index.ts' });
  applyAccess(
    fn,
    { table: 'read', uploads: 'read', notices: 'readWrite', providerKeys: true, sendMail: true, bedrock: true },
    {
      table,
      uploadsBucket: bucket('Uploads'),
      noticesBucket: bucket('Notices'),
      services: {
        providerSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123',
        mailFrom: 'dmca@vigil.example',
        sesConfigurationSet: 'vigil',
        bedrockModelId,
      },
    },
  );
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth(); // throws on any unacknowledged cdk-nag error
  const policies = Template.fromJSON(assembly.getStackByName('Grants').template).findResources('AWS::IAM::Policy');
  const statements = Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
  const find = (action: string) => statements.filter((s) => [s.Action].flat().includes(action)).map((s) => s.Resource);
  return { find, statements };
}

afterAll(removeTempDirs);

describe('applyAccess', () => {
  it('grants exact actions on exact resources, cdk-nag clean', () => {
    const { find, statements } = synthFunction('us.anthropic.claude-sonnet-4-20250514-v1:0');
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    expect(find('secretsmanager:GetSecretValue')).toEqual(['arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123']);
    expect(JSON.stringify(find('ses:SendEmail'))).toContain('identity/dmca@vigil.example');
    expect(JSON.stringify(find('ses:SendEmail'))).toContain('identity/vigil.example');
    expect(JSON.stringify(find('ses:SendEmail'))).toContain('configuration-set/vigil');
    expect(JSON.stringify(find('bedrock:InvokeModel'))).toContain('inference-profile/us.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(JSON.stringify(find('bedrock:InvokeModel'))).toContain('bedrock:*::foundation-model/anthropic.claude-sonnet-4-20250514-v1:0');
  });

  it('scopes a plain Bedrock model id to the stack region', () => {
    const { find } = synthFunction('amazon.nova-lite-v1:0');
    expect(JSON.stringify(find('bedrock:InvokeModel'))).toContain('bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0');
  });
});
