import { App, Validations } from 'aws-cdk-lib';
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
});
