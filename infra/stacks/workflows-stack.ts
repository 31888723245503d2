import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ApiFunction, retentionDays } from '../constructs/api-function';
import { applyAccess, type Access, type GrantTargets } from '../constructs/grants';
import { acknowledgeWildcardResource } from '../constructs/nag';
import { REPO_ROOT } from '../context';
import { buildSearchDefinition, SEARCH_TASKS, type SearchTaskFunctions, type SearchTaskName } from '../workflows/search-definition';

interface TaskSpec {
  /** Entry file relative to the repository root; exports `handler`. */
  entry: string;
  access: Access;
  memorySize?: number;
  timeout: Duration;
}

/**
 * Where each search task's code lives and what it may touch. A task whose entry file does not exist yet is a
 * Pass state in the deployed graph (see buildSearchDefinition).
 */
const SEARCH_TASK_SPECS: Record<SearchTaskName, TaskSpec> = {
  Fingerprint: { entry: 'functions/workflows/search/fingerprint.ts', access: { table: 'readWrite', uploads: 'readWrite' }, memorySize: 1536, timeout: Duration.minutes(5) },
  QueryEngine: { entry: 'functions/workflows/search/query-engine.ts', access: { table: 'readWrite', uploads: 'readWrite', providerKeys: true }, timeout: Duration.minutes(2) },
  Triage: { entry: 'functions/workflows/search/triage.ts', access: { table: 'readWrite', uploads: 'readWrite' }, memorySize: 1536, timeout: Duration.minutes(10) },
  Persist: { entry: 'functions/workflows/search/persist.ts', access: { table: 'readWrite', uploads: 'read' }, timeout: Duration.minutes(5) },
  Finalize: { entry: 'functions/workflows/search/finalize.ts', access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
};

export interface WorkflowsStackProps extends StackProps, Omit<GrantTargets, 'searchStateMachine'> {
  /** Variables every task function gets (table and bucket names, ...). */
  environment: Record<string, string>;
  logRetentionDays: number;
  /** Overrides task entry files (tests); paths are relative to the repository root or absolute. */
  taskEntries?: Partial<Record<SearchTaskName, string>>;
}

/** Step Functions workflows: the multi-engine search (the submission workflow joins it later). */
export class WorkflowsStack extends Stack {
  readonly searchStateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);

    const fns: SearchTaskFunctions = {};
    for (const name of SEARCH_TASKS) {
      const spec = SEARCH_TASK_SPECS[name];
      const entry = props.taskEntries?.[name] ?? spec.entry;
      if (!fs.existsSync(path.resolve(REPO_ROOT, entry))) continue;
      const task = new ApiFunction(this, `${name}Task`, {
        entry,
        description: `Vigil search workflow: ${name}`,
        environment: props.environment,
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        logRetentionDays: props.logRetentionDays,
      });
      applyAccess(task, spec.access, props);
      fns[name] = task.fn;
    }

    const logGroup = new logs.LogGroup(this, 'SearchLogs', {
      retention: retentionDays(props.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.searchStateMachine = new sfn.StateMachine(this, 'SearchStateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(buildSearchDefinition(new Construct(this, 'Search'), fns)),
      timeout: Duration.minutes(30),
      tracingEnabled: true,
      // Execution data holds user ids and file keys; progress is recorded in the table for the search page.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    for (const fn of Object.values(fns)) {
      acknowledgeWildcardResource(
        this.searchStateMachine,
        `${fn.functionArn}:*`,
        'LambdaInvoke grants the function and its versions/aliases (`<arn>:*`); only this task function is invocable.',
      );
    }
    Validations.of(this.searchStateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'CloudWatch Logs delivery (logs:CreateLogDelivery and friends) and X-Ray actions support only Resource "*".',
    });
  }
}
