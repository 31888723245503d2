import { App, Stack, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AuthStack } from '../stacks/auth-stack';
import { cdkJsonContext, removeTempDirs, tempDir } from './vigil-app';

afterAll(removeTempDirs);

describe('auth stack options', () => {
  it('requires TOTP MFA when asked, needing no MFA acknowledgement, and uses the given domain prefix', () => {
    const app = new App({ outdir: tempDir('vigil-auth-'), context: cdkJsonContext(), builtinCloudFormationValidation: false });
    const auth = new AuthStack(app, 'Auth', { siteUrl: 'https://vigil.test', domainPrefix: 'vigil-prod', requireMfa: true });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

    const t = Template.fromJSON(app.synth().getStackByName(auth.stackName).template); // throws on a cdk-nag error
    t.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'ON', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    t.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'vigil-prod' });
  });

  it('refuses sign-ups during maintenance with a pre sign-up trigger that may only read the table', () => {
    const app = new App({ outdir: tempDir('vigil-auth-'), context: cdkJsonContext(), builtinCloudFormationValidation: false });
    const table = new dynamodb.Table(new Stack(app, 'Data'), 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    const auth = new AuthStack(app, 'Auth', { siteUrl: 'https://vigil.test', table });
    const t = Template.fromJSON(app.synth().getStackByName(auth.stackName).template);
    const [fnId] = Object.keys(t.findResources('AWS::Lambda::Function', { Properties: { Description: 'Cognito pre sign-up: refuses sign-ups while maintenance mode is on' } }));
    expect(fnId).toBeDefined();
    t.hasResourceProperties('AWS::Cognito::UserPool', { LambdaConfig: { PreSignUp: { 'Fn::GetAtt': [fnId, 'Arn'] } } });
    t.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'cognito-idp.amazonaws.com' });
    const policies = JSON.stringify(t.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('dynamodb:GetItem');
    expect(policies).not.toContain('dynamodb:PutItem');
  });
});
