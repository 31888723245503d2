import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ApiFunction, retentionDays } from '../constructs/api-function';
import { applyAccess, type Access, type GrantTargets } from '../constructs/grants';
import { MediaLayer } from '../constructs/media-layer';
import { acknowledgeWildcardResource } from '../constructs/nag';
import { REPO_ROOT } from '../context';
import { buildSearchDefinition, SEARCH_TASKS, type SearchTaskFunctions, type SearchTaskName } from '../workflows/search-definition';
import { buildSubmissionDefinition, SUBMISSION_TASKS, type SubmissionTaskName } from '../workflows/submission-definition';
import { SUBMISSION_TASK_ENTRIES } from '../../functions/workflows/submission';

interface TaskSpec {
  /** Entry file relative to the repository root; exports `handler`. */
  entry: string;
  access: Access;
  memorySize?: number;
  timeout: Duration;
  /** Decodes images (sharp) or videos (ffmpeg): gets the media layer and FFMPEG_PATH/FFPROBE_PATH. */
  media?: boolean;
}

/**
 * Where each search task's code lives and what it may touch. A task whose entry file does not exist yet is a
 * Pass state in the deployed graph (see buildSearchDefinition).
 */
const SEARCH_TASK_SPECS: Record<SearchTaskName, TaskSpec> = {
  Fingerprint: { entry: 'functions/workflows/search/fingerprint.ts', access: { table: 'readWrite', uploads: 'readWrite' }, memorySize: 1536, timeout: Duration.minutes(5), media: true },
  QueryEngine: { entry: 'functions/workflows/search/query-engine.ts', access: { table: 'readWrite', uploads: 'readWrite', providerKeys: true }, timeout: Duration.minutes(2) },
  Triage: { entry: 'functions/workflows/search/triage.ts', access: { table: 'readWrite', uploads: 'readWrite' }, memorySize: 1536, timeout: Duration.minutes(10), media: true },
  Persist: { entry: 'functions/workflows/search/persist.ts', access: { table: 'readWrite', uploads: 'read' }, timeout: Duration.minutes(5) },
  Finalize: { entry: 'functions/workflows/search/finalize.ts', access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
};

/** The submission workflow's tasks: every one reads and writes cases; SendNotice renders, stores and mails the notice. */
const SUBMISSION_TASK_SPECS: Record<SubmissionTaskName, TaskSpec> = {
  FindContact: { entry: SUBMISSION_TASK_ENTRIES.FindContact, access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
  SendNotice: { entry: SUBMISSION_TASK_ENTRIES.SendNotice, access: { table: 'readWrite', notices: 'readWrite', sendMail: true }, memorySize: 1024, timeout: Duration.minutes(3) },
  MarkSent: { entry: SUBMISSION_TASK_ENTRIES.MarkSent, access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
  Recheck: { entry: SUBMISSION_TASK_ENTRIES.Recheck, access: { table: 'readWrite' }, timeout: Duration.minutes(2) },
  RecordFailure: { entry: SUBMISSION_TASK_ENTRIES.RecordFailure, access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
};

/** The submission waits RECHECK_AFTER_SECONDS (a day by default) before its re-check; the execution may last a week. */
const SUBMISSION_TIMEOUT = Duration.days(7);

export interface WorkflowsStackProps extends StackProps, Omit<GrantTargets, 'searchStateMachine' | 'submissionStateMachine'> {
  /** Variables every task function gets (table and bucket names, ...). */
  environment: Record<string, string>;
  logRetentionDays: number;
  /** Overrides task entry files (tests); paths are relative to the repository root or absolute. */
  taskEntries?: Partial<Record<SearchTaskName | SubmissionTaskName, string>>;
  /** The built media layer (sharp, ffmpeg for arm64); default `<repo>/dist/layers/media`. Tests pass a stand-in. */
  mediaLayerDir?: string;
}

/** Step Functions workflows: the multi-engine search and the takedown submission with its later re-check. */
export class WorkflowsStack extends Stack {
  readonly searchStateMachine: sfn.StateMachine;
  readonly submissionStateMachine: sfn.StateMachine;
  /** sharp and ffmpeg for the tasks that decode images and videos. */
  readonly mediaLayer: MediaLayer;
  /** The monthly platform report to the administrators (REPORT_RECIPIENTS, set through the functionEnv context). */
  readonly monthlyReport: ApiFunction;
  /** Task name -> its function, for the tasks whose entry exists. */
  readonly taskFunctionsByName = new Map<SearchTaskName | SubmissionTaskName, ApiFunction>();

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    this.mediaLayer = new MediaLayer(this, 'MediaLayer', { dir: props.mediaLayerDir });

    const searchFns: SearchTaskFunctions = this.taskFunctions('search', SEARCH_TASKS, SEARCH_TASK_SPECS, props);
    this.searchStateMachine = this.stateMachine('Search', buildSearchDefinition(new Construct(this, 'Search'), searchFns), {
      timeout: Duration.minutes(30),
      fns: Object.values(searchFns),
      logRetentionDays: props.logRetentionDays,
    });

    const submissionFns = this.taskFunctions('submission', SUBMISSION_TASKS, SUBMISSION_TASK_SPECS, props);
    this.submissionStateMachine = this.stateMachine(
      'Submission',
      buildSubmissionDefinition(new Construct(this, 'Submission'), submissionFns),
      { timeout: SUBMISSION_TIMEOUT, fns: Object.values(submissionFns), logRetentionDays: props.logRetentionDays },
    );

    // On the 1st of each month at 06:00 UTC, the previous month's platform report goes to the administrators.
    this.monthlyReport = new ApiFunction(this, 'MonthlyReportTask', {
      entry: 'functions/workflows/reports/monthly-report.ts',
      description: 'Vigil monthly platform report e-mailed to the administrators',
      environment: props.environment,
      memorySize: 1024,
      timeout: Duration.minutes(5),
      logRetentionDays: props.logRetentionDays,
    });
    applyAccess(this.monthlyReport, { table: 'read', sendMail: true }, props);
    new events.Rule(this, 'MonthlyReportSchedule', {
      description: 'Monthly platform report',
      schedule: events.Schedule.cron({ minute: '0', hour: '6', day: '1', month: '*', year: '*' }),
      targets: [new eventTargets.LambdaFunction(this.monthlyReport.fn, { retryAttempts: 2 })],
    });
  }

  /** One function per task whose entry file exists, with the task's grants. */
  private taskFunctions<T extends string>(
    workflow: string,
    names: readonly T[],
    specs: Record<T, TaskSpec>,
    props: WorkflowsStackProps,
  ): Partial<Record<T, lambda.IFunction>> {
    const fns: Partial<Record<T, lambda.IFunction>> = {};
    for (const name of names) {
      const spec = specs[name];
      const entry = (props.taskEntries as Partial<Record<string, string>> | undefined)?.[name] ?? spec.entry;
      if (!fs.existsSync(path.resolve(REPO_ROOT, entry))) continue;
      const media = spec.media ? this.mediaLayer.functionProps() : { layers: [], environment: {} };
      const task = new ApiFunction(this, `${name}Task`, {
        entry,
        description: `Vigil ${workflow} workflow: ${name}`,
        environment: { ...props.environment, ...media.environment },
        layers: media.layers,
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        logRetentionDays: props.logRetentionDays,
      });
      applyAccess(task, spec.access, props);
      fns[name] = task.fn;
      this.taskFunctionsByName.set(name as SearchTaskName | SubmissionTaskName, task);
    }
    return fns;
  }

  /** A standard state machine with logging (no execution data: it holds user ids) and tracing. */
  private stateMachine(
    name: string,
    chain: sfn.IChainable,
    opts: { timeout: Duration; fns: lambda.IFunction[]; logRetentionDays: number },
  ): sfn.StateMachine {
    const logGroup = new logs.LogGroup(this, `${name}Logs`, {
      retention: retentionDays(opts.logRetentionDays),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const machine = new sfn.StateMachine(this, `${name}StateMachine`, {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(chain),
      timeout: opts.timeout,
      tracingEnabled: true,
      // Progress and outcomes are recorded in the table for the site; execution data would only duplicate them.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    for (const fn of opts.fns) {
      acknowledgeWildcardResource(
        machine,
        `${fn.functionArn}:*`,
        'LambdaInvoke grants the function and its versions/aliases (`<arn>:*`); only this task function is invocable.',
      );
    }
    Validations.of(machine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'CloudWatch Logs delivery (logs:CreateLogDelivery and friends) and X-Ray actions support only Resource "*".',
    });
    return machine;
  }
}
