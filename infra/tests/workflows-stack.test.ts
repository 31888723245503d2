import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { WorkflowsStack } from '../stacks/workflows-stack';
import { cdkJsonContext, removeTempDirs, tempDir } from './vigil-app';

const SECRET = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123';

afterAll(removeTempDirs);

describe('workflows stack once the search tasks exist', () => {
  it('deploys each task as a Node 22 function behind a Lambda Task state, cdk-nag clean', () => {
    // Stand-in task code (any file under the repo exporting `handler`): the search issue writes the real ones.
    const entry = 'functions/http/system/index.ts';

    const app = new App({ outdir: tempDir('vigil-wf-'), context: cdkJsonContext(), builtinCloudFormationValidation: false });
    const data = new Stack(app, 'Data');
    const stack = new WorkflowsStack(app, 'Workflows', {
      table: new dynamodb.Table(data, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
      uploadsBucket: new s3.Bucket(data, 'Uploads'),
      noticesBucket: new s3.Bucket(data, 'Notices'),
      services: { providerSecretArn: SECRET },
      environment: { TABLE_NAME: 'vigil' },
      logRetentionDays: 30,
      taskEntries: { Fingerprint: entry, QueryEngine: entry, Triage: entry, Persist: entry, Finalize: entry },
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // The test's own data stack is bare on purpose; its findings are not this stack's.
    for (const id of ['AwsSolutions-S1', 'AwsSolutions-S10', 'AwsSolutions-DDB3']) {
      Validations.of(data).acknowledge({ id, reason: 'test fixture' });
    }

    const assembly = app.synth(); // throws on any unacknowledged cdk-nag error
    const t = Template.fromJSON(assembly.getStackByName(stack.stackName).template);
    t.resourceCountIs('AWS::Lambda::Function', 5);
    const [sm] = Object.values(t.findResources('AWS::StepFunctions::StateMachine'));
    const definition = JSON.stringify(sm.Properties.DefinitionString);
    expect(definition.match(/\\"Type\\":\\"Task\\"/g)).toHaveLength(5);
    // Only the task that queries providers may read their keys.
    const secretReaders = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(SECRET),
    );
    expect(secretReaders).toHaveLength(1);
    expect(JSON.stringify(secretReaders[0].Properties.Roles)).toContain('QueryEngineTask');
  });
});
