import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { WorkflowsStack } from '../stacks/workflows-stack';
import { cdkJsonContext, removeTempDirs, tempDir } from './vigil-app';

const SECRET = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123';

afterAll(removeTempDirs);

describe('workflows stack', () => {
  it('deploys each task of both workflows as a function behind a Lambda Task state, cdk-nag clean', () => {
    const app = new App({ outdir: tempDir('vigil-wf-'), context: cdkJsonContext(), builtinCloudFormationValidation: false });
    const data = new Stack(app, 'Data');
    const stack = new WorkflowsStack(app, 'Workflows', {
      table: new dynamodb.Table(data, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
      uploadsBucket: new s3.Bucket(data, 'Uploads'),
      noticesBucket: new s3.Bucket(data, 'Notices'),
      services: { providerSecretArn: SECRET, mailFrom: 'dmca@vigil.example' },
      environment: { TABLE_NAME: 'vigil' },
      logRetentionDays: 30,
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // The test's own data stack is bare on purpose; its findings are not this stack's.
    for (const id of ['AwsSolutions-S1', 'AwsSolutions-S10', 'AwsSolutions-DDB3']) {
      Validations.of(data).acknowledge({ id, reason: 'test fixture' });
    }

    const assembly = app.synth(); // throws on any unacknowledged cdk-nag error
    const t = Template.fromJSON(assembly.getStackByName(stack.stackName).template);
    t.resourceCountIs('AWS::Lambda::Function', 10);
    const machines = t.findResources('AWS::StepFunctions::StateMachine');
    const byName = (prefix: string) => Object.entries(machines).find(([id]) => id.startsWith(prefix))![1];
    for (const prefix of ['SearchStateMachine', 'SubmissionStateMachine']) {
      const definition = JSON.stringify(byName(prefix).Properties.DefinitionString);
      expect(definition.match(/\\"Type\\":\\"Task\\"/g)).toHaveLength(5);
    }
    // The submission waits a day before its re-check, so its executions may run for days.
    expect(JSON.stringify(byName('SubmissionStateMachine').Properties.DefinitionString)).toMatch(/TimeoutSeconds\\":604800/);
    // Only the task that mails notices may send e-mail.
    const mailers = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:SendRawEmail'));
    expect(mailers).toHaveLength(1);
    expect(JSON.stringify(mailers[0].Properties.Roles)).toContain('SendNoticeTask');
    // Only the task that queries providers may read their keys.
    const secretReaders = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(SECRET),
    );
    expect(secretReaders).toHaveLength(1);
    expect(JSON.stringify(secretReaders[0].Properties.Roles)).toContain('QueryEngineTask');
  });
});
