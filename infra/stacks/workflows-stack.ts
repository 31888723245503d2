import * as fs from 'node:fs';
import * as path from 'node:path';
import { ArnFormat, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ApiFunction, retentionDays } from '../constructs/api-function';
import { applyAccess, type Access, type GrantTargets } from '../constructs/grants';
import { MediaLayer } from '../constructs/media-layer';
import { PdfLayer } from '../constructs/pdf-layer';
import { acknowledgeWildcardResource } from '../constructs/nag';
import { MonitorScheduling } from '../constructs/monitor-scheduling';
import { REPO_ROOT } from '../context';
import { buildSearchDefinition, SEARCH_TASKS, type SearchTaskFunctions, type SearchTaskName } from '../workflows/search-definition';
import { buildSubmissionDefinition, SUBMISSION_TASKS, type SubmissionTaskName } from '../workflows/submission-definition';
import { SUBMISSION_TASK_ENTRIES } from '../../functions/workflows/submission';
import { BULK_TASK_ENTRIES } from '../../functions/workflows/bulk-submission';
import { buildBulkSubmissionDefinition, BULK_TASKS, type BulkTaskName } from '../workflows/bulk-submission-definition';
import { BULK_SUBMISSION_TIMEOUT_SECONDS, SEARCH_TIMEOUT_SECONDS, SUBMISSION_TIMEOUT_SECONDS } from '../../functions/lib/workflow-timeouts';

export interface TaskSpec {
  /** Entry file relative to the repository root; exports `handler`. */
  entry: string;
  access: Access;
  memorySize?: number;
  timeout: Duration;
  /** Decodes images (sharp) or videos (ffmpeg): gets the media layer and FFMPEG_PATH/FFPROBE_PATH. */
  media?: boolean;
  /** Renders PDFs: gets the PDF layer (pdfmake, pdfkit, fontkit), which every bundle leaves out. */
  pdf?: boolean;
}

/**
 * Where each search task's code lives and what it may touch. A task whose entry file does not exist yet is a
 * Pass state in the deployed graph (see buildSearchDefinition).
 */
export const SEARCH_TASK_SPECS: Record<SearchTaskName, TaskSpec> = {
  Fingerprint: { entry: 'functions/workflows/search/fingerprint.ts', access: { table: 'readWrite', uploads: 'readWrite' }, memorySize: 1536, timeout: Duration.minutes(5), media: true },
  QueryEngine: { entry: 'functions/workflows/search/query-engine.ts', access: { table: 'readWrite', uploads: 'readWrite', providerKeys: true }, timeout: Duration.minutes(2) },
  Triage: { entry: 'functions/workflows/search/triage.ts', access: { table: 'readWrite', uploads: 'readWrite' }, memorySize: 1536, timeout: Duration.minutes(10), media: true },
  Persist: { entry: 'functions/workflows/search/persist.ts', access: { table: 'readWrite', uploads: 'read' }, timeout: Duration.minutes(5) },
  // Finalize also runs a monitor run's follow-up: automatic submission (it may start the bulk submission
  // workflow, granted once that machine exists), alert mail and the re-check of resolved copies (safe fetcher).
  Finalize: { entry: 'functions/workflows/search/finalize.ts', access: { table: 'readWrite', sendMail: true }, timeout: Duration.minutes(5) },
};

/** The submission workflow's tasks: every one reads and writes cases; SendNotice renders, stores and mails the notice. */
export const SUBMISSION_TASK_SPECS: Record<SubmissionTaskName, TaskSpec> = {
  FindContact: { entry: SUBMISSION_TASK_ENTRIES.FindContact, access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
  SendNotice: { entry: SUBMISSION_TASK_ENTRIES.SendNotice, access: { table: 'readWrite', notices: 'readWrite', sendMail: true }, memorySize: 1024, timeout: Duration.minutes(3), pdf: true },
  MarkSent: { entry: SUBMISSION_TASK_ENTRIES.MarkSent, access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
  Recheck: { entry: SUBMISSION_TASK_ENTRIES.Recheck, access: { table: 'readWrite' }, timeout: Duration.minutes(2) },
  RecordFailure: { entry: SUBMISSION_TASK_ENTRIES.RecordFailure, access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
};

/**
 * The bulk submission workflow's tasks: BulkSubmitItem creates or reuses a case and starts its submission
 * workflow (so it may start executions of that one state machine); BulkItemFailed gives the allowance unit back
 * and records the failure on the case.
 */
export const BULK_TASK_SPECS: Record<BulkTaskName, TaskSpec> = {
  BulkSubmitItem: { entry: BULK_TASK_ENTRIES.BulkSubmitItem, access: { table: 'readWrite', startSubmission: true }, timeout: Duration.seconds(30) },
  BulkItemFailed: { entry: BULK_TASK_ENTRIES.BulkItemFailed, access: { table: 'readWrite' }, timeout: Duration.seconds(30) },
};
export const BULK_SUBMISSION_TIMEOUT = Duration.seconds(BULK_SUBMISSION_TIMEOUT_SECONDS);

/**
 * The alert digest tick (construct MonitorDispatcher): invoked on this schedule, it sends the due alert digests.
 * Monitor runs come from one EventBridge Scheduler schedule per monitor through the monitor queue (QUEUE_SPECS).
 */
export const MONITOR_DISPATCH_SCHEDULE = 'rate(5 minutes)';
export const MONITOR_DISPATCHER_ENTRY = 'functions/jobs/monitor-dispatch.ts';

/**
 * The functions an EventBridge schedule invokes outside any workflow: the monitor dispatcher (every 5 minutes;
 * it starts scans, so it also gets the search machine's ARN and StartExecution on it) and the monthly platform
 * report to the administrators (REPORT_RECIPIENTS, set through the functionEnv context). Their code is in
 * functions/jobs/, apart from the state machines' tasks. Keyed by construct id, which is also their name in
 * lambdaFunctions() (bundles mode, bench:lambda) and in the ops alarms.
 */
export const SCHEDULED_SPECS = {
  MonitorDispatcher: { entry: MONITOR_DISPATCHER_ENTRY, access: { table: 'readWrite', sendMail: true }, timeout: Duration.minutes(2) },
  MonthlyReportTask: {
    entry: 'functions/jobs/monthly-report.ts',
    access: { table: 'read', sendMail: true },
    memorySize: 1024,
    timeout: Duration.minutes(5),
    pdf: true,
  },
} satisfies Record<string, TaskSpec>;

/**
 * The functions an SQS event source invokes: the monitor queue's consumer, which starts the scheduled monitor runs
 * (issue 27). It starts scans (the search machine's ARN and StartExecution) and rewrites a schedule that fires
 * faster than the plan allows (after a downgrade).
 */
export const QUEUE_SPECS = {
  MonitorRunConsumer: { entry: 'functions/jobs/monitor-runs.ts', access: { table: 'readWrite', startSearch: true }, timeout: Duration.minutes(1) },
} satisfies Record<string, TaskSpec>;

/** The submission waits RECHECK_AFTER_SECONDS (a day by default) before its re-check; the execution may last a week. */
export const SUBMISSION_TIMEOUT = Duration.seconds(SUBMISSION_TIMEOUT_SECONDS);
/** The search workflow's own time limit: a scan still running after it is ended by Step Functions (TIMED_OUT). */
export const SEARCH_TIMEOUT = Duration.seconds(SEARCH_TIMEOUT_SECONDS);

/**
 * Refuses a re-check wait the submission execution could not outlive: the wait plus every task's Lambda
 * timeout twice over (a retried attempt) must end before SUBMISSION_TIMEOUT, or Step Functions would end the
 * execution as TIMED_OUT before it re-checks. Called at synth (context recheckAfterSeconds) and by the local
 * runtime at start (RECHECK_AFTER_SECONDS).
 */
export function checkRecheckAfterSeconds(seconds: number): number {
  const tasks = Object.values(SUBMISSION_TASK_SPECS).reduce((sum, spec) => sum + spec.timeout.toSeconds(), 0);
  const limit = SUBMISSION_TIMEOUT.toSeconds() - 2 * tasks;
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > limit) {
    throw new Error(
      `RECHECK_AFTER_SECONDS (context recheckAfterSeconds) must be a whole number from 0 to ${limit}: the submission workflow ` +
        `times out after ${SUBMISSION_TIMEOUT.toSeconds()} s and its tasks may take ${2 * tasks} s, so a wait of ${seconds} s could end it before the re-check`,
    );
  }
  return seconds;
}

/**
 * The recovery functions: ExecutionEnded runs on every FAILED, TIMED_OUT or ABORTED execution of the three
 * workflows (EventBridge rule) and ends its scan or case attempt with a reason, or gives back the units of the
 * bulk items it never reached and ends their progress; Reconcile runs every 15 minutes
 * and does the same for stopped executions the rule may have missed (functions/workflows/recovery/).
 */
export const RECOVERY_SPECS = {
  ExecutionEnded: { entry: 'functions/workflows/recovery/execution-ended.ts', access: { table: 'readWrite' }, timeout: Duration.minutes(1) },
  Reconcile: { entry: 'functions/workflows/recovery/reconcile.ts', access: { table: 'readWrite' }, timeout: Duration.minutes(5) },
} satisfies Record<string, TaskSpec>;
export const RECONCILE_EVERY = Duration.minutes(15);

export interface WorkflowsStackProps extends StackProps, Omit<GrantTargets, 'searchStateMachine' | 'submissionStateMachine' | 'bulkSubmissionStateMachine'> {
  /** Variables every task function gets (table and bucket names, ...). */
  environment: Record<string, string>;
  logRetentionDays: number;
  /** Overrides task entry files (tests); paths are relative to the repository root or absolute. */
  taskEntries?: Partial<Record<SearchTaskName | SubmissionTaskName | BulkTaskName, string>>;
  /** The built media layer (sharp, ffmpeg for arm64); default `<repo>/dist/layers/media`. Tests pass a stand-in. */
  mediaLayerDir?: string;
}

/** Step Functions workflows: the multi-engine search, the takedown submission with its later re-check, and bulk submission. */
export class WorkflowsStack extends Stack {
  readonly searchStateMachine: sfn.StateMachine;
  readonly submissionStateMachine: sfn.StateMachine;
  /** Bulk submission: a Map over the accepted results, each starting its case's submission workflow. */
  readonly bulkSubmissionStateMachine: sfn.StateMachine;
  /** sharp and ffmpeg for the tasks that decode images and videos. */
  readonly mediaLayer: MediaLayer;
  /** The PDF renderer, for SendNotice and the monthly report. */
  readonly pdfLayer: PdfLayer;
  readonly recoveryFunctions = new Map<keyof typeof RECOVERY_SPECS, ApiFunction>();
  statusChangeRule!: events.Rule;
  reconcileRule!: events.Rule;
  /** The monthly platform report to the administrators (REPORT_RECIPIENTS, set through the functionEnv context). */
  readonly monthlyReport: ApiFunction;
  /** The alert digest tick, on its 5-minute schedule (construct id MonitorDispatcher). */
  readonly monitorDispatcher: ApiFunction;
  /** One schedule per monitor, their queue, its DLQ, and the consumer that starts the runs (issue 27). */
  readonly monitorScheduling: MonitorScheduling;
  readonly monitorRunConsumer: ApiFunction;
  /** Task name -> its function, for the tasks whose entry exists. */
  readonly taskFunctionsByName = new Map<SearchTaskName | SubmissionTaskName | BulkTaskName, ApiFunction>();

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    this.mediaLayer = new MediaLayer(this, 'MediaLayer', { dir: props.mediaLayerDir });
    this.pdfLayer = new PdfLayer(this, 'PdfLayer');

    const searchFns: SearchTaskFunctions = this.taskFunctions('search', SEARCH_TASKS, SEARCH_TASK_SPECS, props);
    this.searchStateMachine = this.stateMachine('Search', buildSearchDefinition(new Construct(this, 'Search'), searchFns), {
      timeout: SEARCH_TIMEOUT,
      fns: Object.values(searchFns),
      logRetentionDays: props.logRetentionDays,
    });

    const submissionFns = this.taskFunctions('submission', SUBMISSION_TASKS, SUBMISSION_TASK_SPECS, props);
    this.submissionStateMachine = this.stateMachine(
      'Submission',
      buildSubmissionDefinition(new Construct(this, 'Submission'), submissionFns),
      { timeout: SUBMISSION_TIMEOUT, fns: Object.values(submissionFns), logRetentionDays: props.logRetentionDays },
    );

    // BulkSubmitItem starts submission executions: it gets that machine's ARN and StartExecution on it alone.
    const bulkFns = this.taskFunctions('bulk submission', BULK_TASKS, BULK_TASK_SPECS, props, {
      targets: { ...props, submissionStateMachine: this.submissionStateMachine },
      environment: { SUBMISSION_STATE_MACHINE_ARN: this.submissionStateMachine.stateMachineArn },
    });
    this.bulkSubmissionStateMachine = this.stateMachine(
      'BulkSubmission',
      buildBulkSubmissionDefinition(new Construct(this, 'BulkSubmission'), bulkFns),
      { timeout: BULK_SUBMISSION_TIMEOUT, fns: Object.values(bulkFns), logRetentionDays: props.logRetentionDays },
    );
    // A monitor run's follow-up (Finalize) submits the qualifying new copies of a monitor with "Submit
    // automatically" on (issue 11) through bulk submission: it may start that workflow alone.
    const finalize = this.taskFunctionsByName.get('Finalize');
    if (finalize) {
      finalize.fn.addEnvironment('BULK_SUBMISSION_STATE_MACHINE_ARN', this.bulkSubmissionStateMachine.stateMachineArn);
      this.bulkSubmissionStateMachine.grantStartExecution(finalize.fn);
    }

    // Monitor runs (issue 27): each monitor's own schedule sends a message per occurrence to the monitor queue;
    // the consumer starts ordinary scans, its concurrency capped by the event source.
    const consumerSpec = QUEUE_SPECS.MonitorRunConsumer;
    this.monitorScheduling = new MonitorScheduling(this, 'MonitorScheduling', { consumerTimeout: consumerSpec.timeout });
    this.monitorRunConsumer = new ApiFunction(this, 'MonitorRunConsumer', {
      entry: consumerSpec.entry,
      description: 'Vigil monitor queue consumer: starts the scheduled monitor runs',
      environment: { ...props.environment, SEARCH_STATE_MACHINE_ARN: this.searchStateMachine.stateMachineArn },
      timeout: consumerSpec.timeout,
      logRetentionDays: props.logRetentionDays,
    });
    applyAccess(this.monitorRunConsumer, consumerSpec.access, { ...props, searchStateMachine: this.searchStateMachine });
    this.monitorScheduling.grantManage(this.monitorRunConsumer);
    this.monitorScheduling.addConsumer(this.monitorRunConsumer);

    // The alert digest tick (its construct id kept from when it also started the due monitor runs).
    const dispatcherSpec = SCHEDULED_SPECS.MonitorDispatcher;
    const dispatcher = new ApiFunction(this, 'MonitorDispatcher', {
      entry: dispatcherSpec.entry,
      description: 'Vigil alert digests: sends the due monitor alert digests',
      environment: props.environment,
      timeout: dispatcherSpec.timeout,
      logRetentionDays: props.logRetentionDays,
    });
    applyAccess(dispatcher, dispatcherSpec.access, props);
    this.monitorDispatcher = dispatcher;
    new events.Rule(this, 'MonitorDispatchSchedule', {
      description: 'Sends the due monitor alert digests every 5 minutes',
      schedule: events.Schedule.expression(MONITOR_DISPATCH_SCHEDULE),
      targets: [new eventTargets.LambdaFunction(dispatcher.fn, { retryAttempts: 0 })],
    });

    // On the 1st of each month at 06:00 UTC, the previous month's platform report goes to the administrators.
    const reportSpec = SCHEDULED_SPECS.MonthlyReportTask;
    this.monthlyReport = new ApiFunction(this, 'MonthlyReportTask', {
      entry: reportSpec.entry,
      description: 'Vigil monthly platform report e-mailed to the administrators',
      environment: props.environment,
      memorySize: reportSpec.memorySize,
      timeout: reportSpec.timeout,
      logRetentionDays: props.logRetentionDays,
      layers: [this.pdfLayer.layer],
    });
    applyAccess(this.monthlyReport, reportSpec.access, props);
    new events.Rule(this, 'MonthlyReportSchedule', {
      description: 'Monthly platform report',
      schedule: events.Schedule.cron({ minute: '0', hour: '6', day: '1', month: '*', year: '*' }),
      targets: [new eventTargets.LambdaFunction(this.monthlyReport.fn, { retryAttempts: 2 })],
    });
    this.recovery(props);
  }

  /** Recovery functions and their triggers: no scan or case stays `running` after its execution stopped. */
  private recovery(props: WorkflowsStackProps): void {
    const machines = [this.searchStateMachine, this.submissionStateMachine, this.bulkSubmissionStateMachine];
    const environment = {
      ...props.environment,
      SEARCH_STATE_MACHINE_ARN: this.searchStateMachine.stateMachineArn,
      SUBMISSION_STATE_MACHINE_ARN: this.submissionStateMachine.stateMachineArn,
      BULK_SUBMISSION_STATE_MACHINE_ARN: this.bulkSubmissionStateMachine.stateMachineArn,
    };
    const fn = (name: keyof typeof RECOVERY_SPECS, description: string) => {
      const spec = RECOVERY_SPECS[name];
      const f = new ApiFunction(this, name, { entry: spec.entry, description, environment, timeout: spec.timeout, logRetentionDays: props.logRetentionDays });
      applyAccess(f, spec.access, props);
      this.recoveryFunctions.set(name, f);
      return f;
    };
    const ended = fn('ExecutionEnded', 'Vigil recovery: ends the scan or case of a stopped workflow execution');
    this.statusChangeRule = new events.Rule(this, 'ExecutionStoppedRule', {
      description: 'Vigil workflow executions that FAILED, TIMED_OUT or were ABORTED',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: machines.map((m) => m.stateMachineArn) },
      },
      targets: [new eventTargets.LambdaFunction(ended.fn, { retryAttempts: 8 })],
    });

    const reconcile = fn('Reconcile', 'Vigil recovery: ends scans and cases of stopped executions the status rule missed');
    // ListExecutions has the state machine as its resource; DescribeExecution (for a FAILED one's error) its executions.
    reconcile.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['states:ListExecutions'], resources: machines.map((m) => m.stateMachineArn) }));
    for (const machine of machines) {
      const executions = this.formatArn({
        service: 'states',
        resource: 'execution',
        resourceName: `${Fn.select(6, Fn.split(':', machine.stateMachineArn))}:*`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
      reconcile.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['states:DescribeExecution'], resources: [executions] }));
      acknowledgeWildcardResource(reconcile.role, executions, 'DescribeExecution of any execution of this one state machine (execution names are the scan, case and bulk ids).');
    }
    this.reconcileRule = new events.Rule(this, 'ReconcileSchedule', {
      description: 'Vigil: reconcile stopped workflow executions',
      schedule: events.Schedule.rate(RECONCILE_EVERY),
      targets: [new eventTargets.LambdaFunction(reconcile.fn, { retryAttempts: 2 })],
    });
  }

  /** One function per task whose entry file exists, with the task's grants. */
  private taskFunctions<T extends string>(
    workflow: string,
    names: readonly T[],
    specs: Record<T, TaskSpec>,
    props: WorkflowsStackProps,
    extra: { targets?: GrantTargets; environment?: Record<string, string> } = {},
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
        environment: { ...props.environment, ...extra.environment, ...media.environment },
        layers: [...media.layers, ...(spec.pdf ? [this.pdfLayer.layer] : [])],
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        logRetentionDays: props.logRetentionDays,
      });
      applyAccess(task, spec.access, extra.targets ?? props);
      fns[name] = task.fn;
      this.taskFunctionsByName.set(name as SearchTaskName | SubmissionTaskName | BulkTaskName, task);
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
