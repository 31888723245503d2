import { App, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as cxapi from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MEDIA_LAYER_ENVIRONMENT } from '../layers/media-layer';
import { BULK_MAX_CONCURRENCY } from '../workflows/bulk-submission-definition';
import { MONITOR_DISPATCH_SCHEDULE, QUEUE_SPECS, RECOVERY_SPECS, SUBMISSION_TIMEOUT, TASK_ALIAS_NAME, WORKFLOW_RESERVED_CONCURRENCY, WorkflowsStack } from '../stacks/workflows-stack';
import { LAMBDA_SERVICE_ERRORS } from '../workflows/lambda-task';
import { MONITOR_CONSUMER_BATCH_SIZE, MONITOR_CONSUMER_MAX_CONCURRENCY, MONITOR_MAX_RECEIVES } from '../constructs/monitor-scheduling';
import { cdkJsonContext, fakeMediaLayerDir, removeTempDirs, tempDir } from './vigil-app';

const SECRET = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123';
/** The tasks that decode images (sharp) or videos (ffmpeg). */
const MEDIA_TASKS = ['Fingerprint', 'Triage'];

// One synthesis (with cdk-nag) shared by the tests below. It bundles nothing: what the bundles hold (sharp only
// imported, never inlined; the layers each needs) is checked on the whole app's synthesis, which bundles every
// function (vigil-app.test.ts, "media and PDF layers"), and bundling them a second time here cost a minute of CI.
let stack: WorkflowsStack;
let assembly: cxapi.CloudAssembly;
let t: Template;

beforeAll(() => {
  const app = new App({
    outdir: tempDir('vigil-wf-'),
    context: { ...cdkJsonContext(), [cxapi.BUNDLING_STACKS]: [] },
    builtinCloudFormationValidation: false,
  });
  const data = new Stack(app, 'Data');
  stack = new WorkflowsStack(app, 'Workflows', {
    table: new dynamodb.Table(data, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
    uploadsBucket: new s3.Bucket(data, 'Uploads'),
    noticesBucket: new s3.Bucket(data, 'Notices'),
    services: { providerSecretArn: SECRET, mailFrom: 'dmca@vigil.example' },
    environment: { TABLE_NAME: 'vigil' },
    logRetentionDays: 30,
    mediaLayerDir: fakeMediaLayerDir(),
    userPoolArn: USER_POOL_ARN,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // The test's own data stack is bare on purpose; its findings are not this stack's.
  for (const id of ['AwsSolutions-S1', 'AwsSolutions-S10', 'AwsSolutions-DDB3']) {
    Validations.of(data).acknowledge({ id, reason: 'test fixture' });
  }
  assembly = app.synth(); // throws on any unacknowledged cdk-nag error
  t = Template.fromJSON(assembly.getStackByName(stack.stackName).template);
});

afterAll(removeTempDirs);

/** The synthesized properties of a task's function. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a CloudFormation resource's properties, read as JSON
function taskFunction(name: string): { properties: Record<string, any> } {
  const fn = stack.taskFunctionsByName.get(name as never)!.fn;
  return { properties: t.toJSON().Resources[Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnElement)].Properties };
}

const USER_POOL_ARN = 'arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_test';

describe('workflows stack', () => {
  it('deploys each task of both workflows as a function behind a Lambda Task state, cdk-nag clean', () => {
    // The search (QuerySource: issue 25), submission, bulk and account erasure tasks, the monthly report, the alert
    // digest tick, the result retention job, the re-emergence job (issue 25), the monitor queue consumer, the data
    // export and the two recovery functions.
    t.resourceCountIs('AWS::Lambda::Function', 29 + Object.keys(RECOVERY_SPECS).length);
    const machines = t.findResources('AWS::StepFunctions::StateMachine');
    const byName = (prefix: string) => Object.entries(machines).find(([id]) => id.startsWith(prefix))![1];
    // Six search tasks (QuerySource: issue 25); the submission's ladder has eight (issue 23).
    for (const [prefix, count] of [['SearchStateMachine', 6], ['SubmissionStateMachine', 8]] as const) {
      const definition = JSON.stringify(byName(prefix).Properties.DefinitionString);
      expect(definition.match(/\\"Type\\":\\"Task\\"/g)).toHaveLength(count);
    }
    // Every rung of the ladder waits a day before its re-check, so its executions may run for weeks.
    expect(JSON.stringify(byName('SubmissionStateMachine').Properties.DefinitionString)).toContain(`TimeoutSeconds\\":${SUBMISSION_TIMEOUT.toSeconds()}`);
    // Only the task that mails notices, the monthly report, the three that mail monitor alerts (the re-emergence job:
    // issue 25) and the erasure's report may send e-mail.
    const mailers = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:SendRawEmail'));
    expect(mailers.map((m) => JSON.stringify(m.Properties.Roles).match(/(SendNoticeTask|MonthlyReportTask|FinalizeTask|MonitorDispatcher|EraseReportTask|Reemergence)/)?.[1]).sort()).toEqual([
      'EraseReportTask',
      'FinalizeTask',
      'MonitorDispatcher',
      'MonthlyReportTask',
      'Reemergence',
      'SendNoticeTask',
    ]);
    // Only the task that queries providers may read their keys.
    const secretReaders = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(SECRET),
    );
    // QueryEngine searches; CheckDelisting looks a delisted URL up in the engines again (issue 23's ladder);
    // QuerySource reads Reddit with the application credentials kept in the same secret, and Reemergence reads
    // again the sources where removed copies appeared (issue 25).
    expect(
      secretReaders.map((p) => JSON.stringify(p.Properties.Roles).match(/(QueryEngineTask|CheckDelistingTask|QuerySourceTask|Reemergence)/)?.[1]).sort(),
    ).toEqual(['CheckDelistingTask', 'QueryEngineTask', 'QuerySourceTask', 'Reemergence']);
    // Exactly GetSecretValue on that one secret, nothing wider.
    for (const p of secretReaders) {
      const statements = (p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).filter((s) => JSON.stringify(s.Resource).includes(SECRET));
      expect(statements.map((s) => [s.Action, s.Resource])).toEqual([['secretsmanager:GetSecretValue', SECRET]]);
    }
  });

  it('runs the image and video tasks with the arm64 media layer and ffmpeg from it', () => {
    const layers = Object.entries(t.findResources('AWS::Lambda::LayerVersion'));
    expect(layers).toHaveLength(3); // media, PDF, face (issue 24)
    const [layerId, layer] = layers.find(([, l]) => String(l.Properties.Description).includes('media'))!;
    const pdfLayerId = layers.find(([, l]) => String(l.Properties.Description).includes('PDF'))![0];
    const faceLayerId = layers.find(([, l]) => String(l.Properties.Description).includes('face'))![0];
    expect(layer.Properties).toMatchObject({ CompatibleArchitectures: ['arm64'], CompatibleRuntimes: ['nodejs22.x'] });

    for (const name of MEDIA_TASKS) {
      const fn = taskFunction(name);
      // Triage also searches candidate pictures for the creator's face (likeness, issue 24): the face layer too.
      const expected = name === 'Triage' ? [{ Ref: layerId }, { Ref: faceLayerId }] : [{ Ref: layerId }];
      expect(fn.properties.Layers).toHaveLength(expected.length);
      expect(fn.properties.Layers).toEqual(expect.arrayContaining(expected));
      expect(fn.properties.Environment.Variables).toMatchObject({ ...MEDIA_LAYER_ENVIRONMENT, TABLE_NAME: 'vigil' });
      expect(MEDIA_LAYER_ENVIRONMENT.FFMPEG_PATH).toBe('/opt/bin/ffmpeg');
    }
    // SendNotice renders the PDF with the evidence thumbnails (sharp): both layers.
    expect(taskFunction('SendNotice').properties.Layers).toEqual([{ Ref: layerId }, { Ref: pdfLayerId }]);
    // So does BulkSendGroup, which renders the notices of a grouped message (issue 23).
    expect(taskFunction('BulkSendGroup').properties.Layers).toEqual([{ Ref: layerId }, { Ref: pdfLayerId }]);
    const others = [...stack.taskFunctionsByName.keys()].filter((name) => !MEDIA_TASKS.includes(name) && name !== 'SendNotice' && name !== 'BulkSendGroup');
    expect(others).toHaveLength(19);
    for (const name of others) {
      expect(taskFunction(name).properties.Layers).toBeUndefined();
      expect(taskFunction(name).properties.Environment.Variables.FFMPEG_PATH).toBeUndefined();
    }
  });

  it('sends the alert digests every 5 minutes, and never sets the local interval override', () => {
    const rules = Object.values(t.findResources('AWS::Events::Rule')).filter((r) => r.Properties.ScheduleExpression === MONITOR_DISPATCH_SCHEDULE);
    expect(rules).toHaveLength(1);
    const fns = t.findResources('AWS::Lambda::Function');
    const [dispatcherId] = Object.entries(fns).find(([, r]) => /alert digests/.test(String(r.Properties.Description)))!;
    expect(rules[0]!.Properties.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [dispatcherId, 'Arn'] } })]);
    for (const fn of Object.values(fns)) expect(fn.Properties.Environment?.Variables?.MONITOR_INTERVAL_OVERRIDE_SECONDS).toBeUndefined();
  });

  it('runs monitors from EventBridge Scheduler through an SQS queue with a DLQ, consumed at a capped concurrency (issue 27)', () => {
    const queues = t.findResources('AWS::SQS::Queue');
    const [queueId, queue] = Object.entries(queues).find(([, q]) => q.Properties.RedrivePolicy)!;
    const dlqId = Object.keys(queues).find((id) => id !== queueId)!;
    expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: MONITOR_MAX_RECEIVES });
    expect(queue.Properties.VisibilityTimeout).toBe(QUEUE_SPECS.MonitorRunConsumer.timeout.toSeconds() * 6);
    const consumerId = stack.getLogicalId(stack.monitorRunConsumer.fn.node.defaultChild as CfnElement);
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionName: { Ref: consumerId },
      BatchSize: MONITOR_CONSUMER_BATCH_SIZE,
      ScalingConfig: { MaximumConcurrency: MONITOR_CONSUMER_MAX_CONCURRENCY },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    t.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    // The Scheduler role may only send to the two queues; the consumer may write schedules of the group and pass that role only to Scheduler.
    t.hasResourceProperties('AWS::IAM::Role', { AssumeRolePolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })] }) });
    const policies = JSON.stringify(t.findResources('AWS::IAM::Policy'));
    for (const action of ['sqs:SendMessage', 'scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'iam:PassRole', 'states:StartExecution']) expect(policies).toContain(action);
    expect(policies).toContain('"iam:PassedToService":"scheduler.amazonaws.com"');
    const consumer = t.findResources('AWS::Lambda::Function')[consumerId]!;
    expect(Object.keys(consumer.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['SEARCH_STATE_MACHINE_ARN', 'MONITOR_QUEUE_ARN', 'MONITOR_DLQ_ARN', 'MONITOR_SCHEDULER_ROLE_ARN', 'MONITOR_SCHEDULE_GROUP']),
    );
  });

  it('runs the monthly platform report at 06:00 UTC on the 1st of each month', () => {
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 6 1 * ? *)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [stack.getLogicalId(stack.monthlyReport.fn.node.defaultChild as CfnElement), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
    t.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com' });
  });

  it('runs bulk submission as a Map over the accepted results, at most BULK_MAX_CONCURRENCY at a time, each item caught', () => {
    const machines = t.findResources('AWS::StepFunctions::StateMachine');
    const [, bulk] = Object.entries(machines).find(([id]) => id.startsWith('BulkSubmissionStateMachine'))!;
    // The definition is a Fn::Join of strings and task ARNs: join the strings back, ARNs as placeholders.
    const parts = (bulk.Properties.DefinitionString['Fn::Join'] as [string, unknown[]])[1];
    const asl = JSON.parse(parts.map((p) => (typeof p === 'string' ? p : 'arn')).join(''));
    expect(BULK_MAX_CONCURRENCY).toBe(5);
    expect(asl.States.SubmitEach).toMatchObject({ Type: 'Map', MaxConcurrency: BULK_MAX_CONCURRENCY, ItemsPath: '$.items', ResultPath: null });
    const item = asl.States.SubmitEach.ItemProcessor.States;
    expect(item.BulkSubmitItem.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'BulkItemFailed' }]);
    expect(item.BulkItemFailed.Catch[0]).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'BulkItemDone' });
    // Recovery's resend of a batch that stopped between claim and send starts at the grouping (issue 23).
    expect(asl.StartAt).toBe('BulkStart');
    expect(asl.States.BulkStart).toMatchObject({ Type: 'Choice', Choices: [{ Variable: '$.resend', IsPresent: true, Next: 'BulkGroup' }], Default: 'SubmitEach' });
    expect(bulk.Properties).toMatchObject({ StateMachineType: 'STANDARD', TracingConfiguration: { Enabled: true } });

    // Least privilege: BulkSubmitItem may start the submission workflow (and nothing else); BulkItemFailed may not.
    const submissionId = stack.getLogicalId(stack.submissionStateMachine.node.defaultChild as CfnElement);
    const policyOf = (task: string) =>
      JSON.stringify(Object.values(t.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.Roles).includes(`${task}Task`)).map((p) => p.Properties.PolicyDocument));
    expect(policyOf('BulkSubmitItem')).toContain('states:StartExecution');
    expect(policyOf('BulkSubmitItem')).toContain(submissionId);
    expect(policyOf('BulkItemFailed')).not.toContain('states:');
    const bulkId = stack.getLogicalId(stack.bulkSubmissionStateMachine.node.defaultChild as CfnElement);
    const recoveryPolicy = JSON.stringify(Object.values(t.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.Roles).includes('ExecutionEnded')).map((p) => p.Properties.PolicyDocument));
    expect(recoveryPolicy).toContain('states:StartExecution');
    expect(recoveryPolicy).toContain(bulkId);
    expect(taskFunction('BulkSubmitItem').properties.Environment.Variables.SUBMISSION_STATE_MACHINE_ARN).toEqual({ Ref: submissionId });
  });

  it('runs the result retention job daily', () => {
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 4 * * ? *)',
      Targets: [{ Arn: { 'Fn::GetAtt': [stack.getLogicalId(stack.resultRetention.fn.node.defaultChild as CfnElement), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } }],
    });
  });

  it('runs the re-emergence job every 4 hours with the media layer, reading only reference files (issue 25)', () => {
    t.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(4 hours)' });
    const [, fn] = Object.entries(t.findResources('AWS::Lambda::Function')).find(([, f]) => String(f.Properties.Description).startsWith('Vigil re-emergence'))!;
    const mediaLayerId = Object.entries(t.findResources('AWS::Lambda::LayerVersion')).find(([, l]) => String(l.Properties.Description).includes('media'))![0];
    expect(fn.Properties.Layers).toEqual([{ Ref: mediaLayerId }]);
    expect(fn.Properties.Environment.Variables).toMatchObject(MEDIA_LAYER_ENVIRONMENT);
    const policies = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.Roles).includes('Reemergence'));
    const s3 = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument)).match(/"s3:PutObject"/g);
    expect(s3).toBeNull();
    expect(JSON.stringify(policies)).toContain('/references/*');
  });

  it('erases an account in retried, idempotent steps, the identity disabled and deleted in the user pool alone', () => {
    const machines = t.findResources('AWS::StepFunctions::StateMachine');
    const [, erasure] = Object.entries(machines).find(([id]) => id.startsWith('AccountErasureStateMachine'))!;
    const parts = (erasure.Properties.DefinitionString['Fn::Join'] as [string, unknown[]])[1];
    const asl = JSON.parse(parts.map((p) => (typeof p === 'string' ? p : 'arn')).join(''));
    expect(asl.StartAt).toBe('EraseBegin');
    for (const task of ['EraseBegin', 'EraseFiles', 'EraseItems', 'EraseIdentity', 'EraseReport']) {
      expect(asl.States[task]).toMatchObject({ Type: 'Task', Retry: [expect.objectContaining({ ErrorEquals: [...LAMBDA_SERVICE_ERRORS] }), expect.objectContaining({ ErrorEquals: ['States.ALL'], MaxAttempts: 6 })] });
    }
    expect(asl.States.EraseMoreItems.Choices[0]).toMatchObject({ Variable: '$.items.more', BooleanEquals: true, Next: 'EraseItems' });
    expect(asl.States.EraseScanRunning.Choices[0]).toMatchObject({ Variable: '$.begin.busy', BooleanEquals: true, Next: 'EraseWaitForScan' });
    expect(asl.States.EraseReport.Next).toBe('EraseDone');
    const policyOf = (task: string) =>
      JSON.stringify(Object.values(t.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.Roles).includes(`${task}Task`)).map((p) => p.Properties.PolicyDocument));
    expect(policyOf('EraseBegin')).toContain('cognito-idp:AdminDisableUser');
    expect(policyOf('EraseIdentity')).toContain('cognito-idp:AdminDeleteUser');
    expect(policyOf('EraseIdentity')).toContain(USER_POOL_ARN);
    expect(policyOf('EraseItems')).not.toContain('cognito-idp');
    expect(policyOf('EraseFiles')).toContain('s3:DeleteObject');
  });

  /** Each machine's ASL: the Fn::Join's strings joined back, each `{Ref: id}` as `REF:id` (other tokens `TOKEN`). */
  const definitions = () =>
    Object.entries(t.findResources('AWS::StepFunctions::StateMachine')).map(([id, m]) => {
      const parts = (m.Properties.DefinitionString['Fn::Join'] as [string, unknown[]])[1];
      return { id, asl: JSON.parse(parts.map((p) => (typeof p === 'string' ? p : (p as { Ref?: string }).Ref ? `REF:${(p as { Ref: string }).Ref}` : 'TOKEN')).join('')) };
    });
  /** Every Task state of a definition, Map item processors included. */
  type State = { Type: string; Resource?: string; Retry?: { ErrorEquals: string[]; BackoffRate?: number; MaxAttempts?: number; JitterStrategy?: string }[]; ItemProcessor?: { States: Record<string, State> } };
  const taskStates = (states: Record<string, State>): [string, State][] =>
    Object.entries(states).flatMap(([name, st]) => [...(st.Type === 'Task' ? [[name, st] as [string, State]] : []), ...(st.ItemProcessor ? taskStates(st.ItemProcessor.States) : [])]);

  it('retries Lambda throttling and service errors with backoff as the FIRST retrier of every Lambda task of every workflow', () => {
    const all = definitions();
    expect(all).toHaveLength(4);
    let count = 0;
    for (const { id, asl } of all) {
      for (const [name, state] of taskStates(asl.States)) {
        count++;
        expect({ machine: id, name, first: state.Retry?.[0] }).toEqual({
          machine: id,
          name,
          first: expect.objectContaining({ ErrorEquals: [...LAMBDA_SERVICE_ERRORS], BackoffRate: 2, MaxAttempts: 8, JitterStrategy: 'FULL' }),
        });
        expect(state.Retry![0]!.ErrorEquals).toContain('Lambda.TooManyRequestsException');
      }
    }
    expect(count).toBe(23); // six search, eight submission, four bulk, five erasure tasks
  });

  it('invokes the published version of each task function (not $LATEST), with a `live` alias on it', () => {
    const versions = t.findResources('AWS::Lambda::Version');
    const aliases = Object.values(t.findResources('AWS::Lambda::Alias'));
    for (const { asl } of definitions()) {
      for (const [name, state] of taskStates(asl.States)) {
        const ref = /^REF:(\w+)$/.exec(String(state.Resource))?.[1];
        expect({ name, isVersion: ref !== undefined && ref in versions }).toEqual({ name, isVersion: true });
        expect(aliases).toContainEqual(expect.objectContaining({ Properties: expect.objectContaining({ Name: TASK_ALIAS_NAME, FunctionVersion: { 'Fn::GetAtt': [ref, 'Version'] } }) }));
      }
    }
    // Versions outlive the deploy that replaced them: executions waiting for their re-check still call them.
    for (const v of Object.values(versions)) expect(v.UpdateReplacePolicy ?? v.DeletionPolicy).toBe('Retain');
  });

  it('gives every workflow and scheduled function reserved concurrency, apart from the API', () => {
    const fns = Object.values(t.findResources('AWS::Lambda::Function')).filter((f) => String(f.Properties.Runtime).startsWith('nodejs'));
    expect(fns.length).toBeGreaterThan(0);
    const reserved = fns.map((f) => f.Properties.ReservedConcurrentExecutions as number);
    for (const r of reserved) expect(r).toBeGreaterThan(0);
    expect(reserved.reduce((a, b) => a + b, 0)).toBe(WORKFLOW_RESERVED_CONCURRENCY);
    // The account's default 1,000 leaves the API (unreserved) far more than Lambda's minimum of 100.
    expect(WORKFLOW_RESERVED_CONCURRENCY).toBeLessThanOrEqual(300);
  });

  it('lets the media parsers (Fingerprint, Triage) update only their own items and touch only their own S3 prefixes', () => {
    const statementsOf = (task: string) =>
      Object.values(t.findResources('AWS::IAM::Policy'))
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(`${task}Task`))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[]);
    for (const [task, prefixes] of [['Fingerprint', ['SEARCH#*', 'MONITOR#*']], ['Triage', ['SEARCH#*']]] as const) {
      const statements = statementsOf(task);
      const actions = statements.flatMap((st) => [st.Action].flat());
      // No Put, Delete or BatchWrite on the table, no DeleteObject in the bucket.
      expect(actions.filter((a) => /^dynamodb:(PutItem|DeleteItem|BatchWriteItem)$/.test(a) || a === 's3:DeleteObject')).toEqual([]);
      const updates = statements.filter((st) => [st.Action].flat().includes('dynamodb:UpdateItem'));
      expect(updates).toHaveLength(1);
      expect(updates[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...prefixes] } });
      // Objects only under the task's prefixes: no `<bucket>/*`.
      const objectResources = statements.filter((st) => [st.Action].flat().some((a) => a === 's3:GetObject' || a === 's3:PutObject')).flatMap((st) => [st.Resource].flat());
      expect(objectResources.length).toBeGreaterThan(0);
      for (const r of objectResources) expect(JSON.stringify(r)).toMatch(/\/(references|work|thumbnails|evidence)\//);
    }
  });
});
