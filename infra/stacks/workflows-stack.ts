import * as fs from 'node:fs';
import * as path from 'node:path';
import { ArnFormat, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ApiFunction, retentionDays } from '../constructs/api-function';
import { applyAccess, type Access, type GrantTargets } from '../constructs/grants';
import { MediaLayer } from '../constructs/media-layer';
import { FaceLayer } from '../constructs/face-layer';
import { PdfLayer } from '../constructs/pdf-layer';
import { acknowledgeWildcardResource } from '../constructs/nag';
import { MONITOR_CONSUMER_MAX_CONCURRENCY, MonitorScheduling } from '../constructs/monitor-scheduling';
import { REPO_ROOT } from '../context';
import { buildSearchDefinition, SEARCH_TASKS, type SearchTaskFunctions, type SearchTaskName } from '../workflows/search-definition';
import { buildSubmissionDefinition, SUBMISSION_TASKS, type SubmissionTaskName } from '../workflows/submission-definition';
import { MAX_LADDER_WAITS, SUBMISSION_TASK_ENTRIES } from '../../functions/workflows/submission';
import { BULK_TASK_ENTRIES } from '../../functions/workflows/bulk-submission';
import { buildBulkSubmissionDefinition, BULK_TASKS, type BulkTaskName } from '../workflows/bulk-submission-definition';
import { buildAccountErasureDefinition, ERASURE_TASKS, type ErasureTaskName } from '../workflows/account-erasure-definition';
import { ERASURE_TASK_ENTRIES } from '../../functions/workflows/account-erasure';
import { BULK_SUBMISSION_TIMEOUT_SECONDS, REEMERGENCE_RATE_HOURS, SEARCH_TIMEOUT_SECONDS, SUBMISSION_TIMEOUT_SECONDS } from '../../functions/lib/workflow-timeouts';

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
  /** Detects faces (likeness, issue 24): gets the face layer (face-api with TensorFlow.js), which every bundle leaves out. */
  face?: boolean;
  /**
   * Reserved concurrency: the function always has this many executions of the account's pool, and never more,
   * so a burst of scans cannot starve the API (whose functions share the unreserved rest) and the API cannot
   * starve the workflows. A throttled task waits and retries (LAMBDA_SERVICE_RETRY). WORKFLOW_RESERVED_CONCURRENCY
   * is the sum; docs/OPERATIONS.md, "Concurrency".
   */
  reservedConcurrency: number;
}

/**
 * Where each search task's code lives and what it may touch. A task whose entry file does not exist yet is a
 * Pass state in the deployed graph (see buildSearchDefinition).
 */
export const SEARCH_TASK_SPECS: Record<SearchTaskName, TaskSpec> = {
  // The media parsers decode hostile files (sharp, ffmpeg): they read the table, update only the scan's and the
  // monitor's own items (dynamodb:LeadingKeys), and get/put only under their own S3 prefixes; results are
  // written by Persist (issue 27).
  Fingerprint: {
    entry: 'functions/workflows/search/fingerprint.ts',
    access: { table: 'read', tableUpdates: ['SEARCH#', 'MONITOR#'], uploadsKeys: { read: ['references/*', 'work/*'], write: ['work/*', 'references/*/monitors/*/fingerprints.json'] } },
    memorySize: 1536,
    timeout: Duration.minutes(5),
    media: true,
    reservedConcurrency: 20,
  },
  QueryEngine: { entry: 'functions/workflows/search/query-engine.ts', access: { table: 'readWrite', uploads: 'readWrite', providerKeys: true }, timeout: Duration.minutes(2), reservedConcurrency: 40 },
  // Issue 25: reads one source (Telegram preview, Reddit, a leak site rule) through the safe fetcher; writes the
  // scan's progress and the source's health counters, and its candidates under work/. It reads Reddit's
  // application credentials from the provider secret (REDDIT_CLIENT_ID/REDDIT_CLIENT_SECRET beside the search keys).
  QuerySource: {
    entry: 'functions/workflows/search/query-source.ts',
    access: { table: 'readWrite', uploadsKeys: { read: ['work/*'], write: ['work/*'] }, providerKeys: true },
    timeout: Duration.minutes(2),
    reservedConcurrency: 20,
  },
  Triage: {
    entry: 'functions/workflows/search/triage.ts',
    access: { table: 'read', tableUpdates: ['SEARCH#'], uploadsKeys: { read: ['references/*', 'work/*'], write: ['work/*', 'thumbnails/*', 'evidence/*'] } },
    memorySize: 1536,
    timeout: Duration.minutes(10),
    media: true,
    // likeness (issue 24): the candidate pictures of a creator who opted in are searched for their face
    face: true,
    reservedConcurrency: 20,
  },
  Persist: { entry: 'functions/workflows/search/persist.ts', access: { table: 'readWrite', uploads: 'read' }, timeout: Duration.minutes(5), reservedConcurrency: 20 },
  // Finalize also runs a monitor run's follow-up: automatic submission (it may start the bulk submission
  // workflow, granted once that machine exists), alert mail and the re-check of resolved copies (safe fetcher).
  // Its automatic submissions file bulk cases (services/cases/bulk-case.ts), which decode nothing: no media layer.
  Finalize: { entry: 'functions/workflows/search/finalize.ts', access: { table: 'readWrite', sendMail: true }, timeout: Duration.minutes(5), reservedConcurrency: 20 },
};

/** The submission workflow's tasks: every one reads and writes cases; SendNotice renders, stores and mails the notice. */
export const SUBMISSION_TASK_SPECS: Record<SubmissionTaskName, TaskSpec> = {
  FindContact: { entry: SUBMISSION_TASK_ENTRIES.FindContact, access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 10 },
  SendNotice: { entry: SUBMISSION_TASK_ENTRIES.SendNotice, access: { table: 'readWrite', notices: 'readWrite', sendMail: true }, memorySize: 1024, timeout: Duration.minutes(3), pdf: true, media: true, reservedConcurrency: 10 },
  MarkSent: { entry: SUBMISSION_TASK_ENTRIES.MarkSent, access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 5 },
  Recheck: { entry: SUBMISSION_TASK_ENTRIES.Recheck, access: { table: 'readWrite' }, timeout: Duration.minutes(2), reservedConcurrency: 10 },
  Climb: { entry: SUBMISSION_TASK_ENTRIES.Climb, access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 5 },
  QueueDelisting: { entry: SUBMISSION_TASK_ENTRIES.QueueDelisting, access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 5 },
  // Asks the engines again whether they list each URL (issue 23): the providers' keys.
  CheckDelisting: { entry: SUBMISSION_TASK_ENTRIES.CheckDelisting, access: { table: 'readWrite', providerKeys: true }, timeout: Duration.minutes(2), reservedConcurrency: 5 },
  RecordFailure: { entry: SUBMISSION_TASK_ENTRIES.RecordFailure, access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 5 },
};

/**
 * The bulk submission workflow's tasks: BulkSubmitItem creates or reuses a case and starts its submission
 * workflow (so it may start executions of that one state machine); BulkItemFailed gives the allowance unit back
 * and records the failure on the case.
 */
export const BULK_TASK_SPECS: Record<BulkTaskName, TaskSpec> = {
  BulkSubmitItem: { entry: BULK_TASK_ENTRIES.BulkSubmitItem, access: { table: 'readWrite', startSubmission: true }, timeout: Duration.seconds(30), reservedConcurrency: 10 },
  BulkItemFailed: { entry: BULK_TASK_ENTRIES.BulkItemFailed, access: { table: 'readWrite' }, timeout: Duration.seconds(30), reservedConcurrency: 5 },
  // Issue 23: one message per recipient per batch. BulkGroup reads the batch's cases; BulkSendGroup renders and
  // stores each case's notice, mails the group's one message and starts each case's workflow.
  BulkGroup: { entry: BULK_TASK_ENTRIES.BulkGroup, access: { table: 'read' }, timeout: Duration.minutes(1), reservedConcurrency: 5 },
  BulkSendGroup: {
    entry: BULK_TASK_ENTRIES.BulkSendGroup,
    access: { table: 'readWrite', notices: 'readWrite', sendMail: true, startSubmission: true },
    memorySize: 1024,
    timeout: Duration.minutes(5),
    pdf: true,
    media: true,
    reservedConcurrency: 5,
  },
};

/**
 * The account erasure workflow's tasks (issue 27): each deletes what is left of one user. EraseBegin and
 * EraseIdentity disable and delete the user in the user pool (granted on that pool alone); EraseFiles deletes
 * under the user's prefixes in both buckets (the notices bucket's versions too); EraseReport mails "deleted".
 */
export const ERASURE_TASK_SPECS: Record<ErasureTaskName, TaskSpec> = {
  EraseBegin: { entry: ERASURE_TASK_ENTRIES.EraseBegin, access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 1 },
  EraseFiles: { entry: ERASURE_TASK_ENTRIES.EraseFiles, access: { table: 'read', uploads: 'readWrite', notices: 'readWrite' }, timeout: Duration.minutes(5), reservedConcurrency: 1 },
  EraseItems: { entry: ERASURE_TASK_ENTRIES.EraseItems, access: { table: 'readWrite' }, timeout: Duration.minutes(5), reservedConcurrency: 1 },
  EraseIdentity: { entry: ERASURE_TASK_ENTRIES.EraseIdentity, access: {}, timeout: Duration.minutes(1), reservedConcurrency: 1 },
  EraseReport: { entry: ERASURE_TASK_ENTRIES.EraseReport, access: { sendMail: true }, timeout: Duration.minutes(1), reservedConcurrency: 1 },
};

/** An erasure waits for a running scan, then deletes in batches: a day is far more than it needs. */
export const ACCOUNT_ERASURE_TIMEOUT = Duration.hours(24);
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
  MonitorDispatcher: { entry: MONITOR_DISPATCHER_ENTRY, access: { table: 'readWrite', sendMail: true }, timeout: Duration.minutes(2), reservedConcurrency: 2 },
  MonthlyReportTask: {
    entry: 'functions/jobs/monthly-report.ts',
    access: { table: 'read', sendMail: true },
    memorySize: 1024,
    timeout: Duration.minutes(5),
    pdf: true,
    reservedConcurrency: 1,
  },
  // Daily: results older than RESULT_RETENTION_DAYS and their evidence files (issue 27).
  ResultRetention: { entry: 'functions/jobs/result-retention.ts', access: { table: 'readWrite', uploads: 'readWrite' }, timeout: Duration.minutes(15), reservedConcurrency: 1 },
  // Every REEMERGENCE_RATE_HOURS (issue 25), on paid plans: the URLs of removed copies fetched again (safe fetcher),
  // and the sources where removed copies appeared read again, their new posts' pictures matched against the cases'
  // reference files (read under references/, decoded: the media layer). A copy back reopens its case.
  Reemergence: {
    entry: 'functions/jobs/reemergence.ts',
    access: { table: 'readWrite', sendMail: true, providerKeys: true, uploadsKeys: { read: ['references/*'], write: [] } },
    memorySize: 1536,
    timeout: Duration.minutes(15),
    media: true,
    reservedConcurrency: 1,
  },
} satisfies Record<string, TaskSpec>;

/** The hour (UTC) of the daily result retention run, on AWS and in the local runtime (local/daily-jobs.ts). */
export const RESULT_RETENTION_HOUR_UTC = 4;

/**
 * The functions an SQS event source invokes: the monitor queue's consumer, which starts the scheduled monitor runs
 * (issue 27). It starts scans (the search machine's ARN and StartExecution) and rewrites a schedule that fires
 * faster than the plan allows (after a downgrade).
 */
export const QUEUE_SPECS = {
  MonitorRunConsumer: { entry: 'functions/jobs/monitor-runs.ts', access: { table: 'readWrite', startSearch: true }, timeout: Duration.minutes(1), reservedConcurrency: MONITOR_CONSUMER_MAX_CONCURRENCY },
} satisfies Record<string, TaskSpec>;

/**
 * Functions invoked asynchronously by an API area (issue 27): the data export, which the account function hands
 * a queued job (InvocationType Event) and which streams the creator's archive into `exports/<userId>/`, without
 * the API's 29 s limit. It reads the user's items and files and writes the job's state and the archive.
 */
export const JOB_SPECS = {
  AccountExport: {
    entry: 'functions/jobs/account-export.ts',
    access: { table: 'readWrite', uploads: 'readWrite', notices: 'read', sendMail: true },
    memorySize: 1024,
    timeout: Duration.minutes(15),
    reservedConcurrency: 2,
  },
} satisfies Record<string, TaskSpec>;

/** The submission waits RECHECK_AFTER_SECONDS (a day by default) before each rung's re-check (issue 23's ladder). */
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
  // Every rung of the ladder waits once, and the delisting checks once each (MAX_LADDER_WAITS), each with its tasks.
  const tasks = Object.values(SUBMISSION_TASK_SPECS).reduce((sum, spec) => sum + spec.timeout.toSeconds(), 0);
  const limit = Math.floor((SUBMISSION_TIMEOUT.toSeconds() - 2 * tasks * MAX_LADDER_WAITS) / MAX_LADDER_WAITS);
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
  ExecutionEnded: { entry: 'functions/workflows/recovery/execution-ended.ts', access: { table: 'readWrite' }, timeout: Duration.minutes(1), reservedConcurrency: 5 },
  Reconcile: { entry: 'functions/workflows/recovery/reconcile.ts', access: { table: 'readWrite' }, timeout: Duration.minutes(5), reservedConcurrency: 1 },
} satisfies Record<string, TaskSpec>;

/**
 * What the workflows stack reserves of the account's Lambda concurrency (every spec above). The API's functions
 * share the rest, which Lambda keeps at 100 or more: an account below WORKFLOW_RESERVED_CONCURRENCY + 100 cannot
 * deploy the stack (ask for more, docs/OPERATIONS.md, "Concurrency").
 */
export const WORKFLOW_RESERVED_CONCURRENCY = [SEARCH_TASK_SPECS, SUBMISSION_TASK_SPECS, BULK_TASK_SPECS, ERASURE_TASK_SPECS, SCHEDULED_SPECS, QUEUE_SPECS, JOB_SPECS, RECOVERY_SPECS]
  .flatMap((specs) => Object.values<TaskSpec>(specs))
  .reduce((sum, spec) => sum + spec.reservedConcurrency, 0);
export const RECONCILE_EVERY = Duration.minutes(15);

/** The alias on each task function's newest published version. */
export const TASK_ALIAS_NAME = 'live';

export interface WorkflowsStackProps extends StackProps, Omit<GrantTargets, 'searchStateMachine' | 'submissionStateMachine' | 'bulkSubmissionStateMachine' | 'accountErasureStateMachine'> {
  /** Variables every task function gets (table and bucket names, ...). */
  environment: Record<string, string>;
  logRetentionDays: number;
  /** Overrides task entry files (tests); paths are relative to the repository root or absolute. */
  taskEntries?: Partial<Record<SearchTaskName | SubmissionTaskName | BulkTaskName, string>>;
  /** The built media layer (sharp, ffmpeg for arm64); default `<repo>/dist/layers/media`. Tests pass a stand-in. */
  mediaLayerDir?: string;
  /** The user pool an account erasure disables and deletes the user in (AdminDisableUser, AdminDeleteUser). */
  userPoolArn?: string;
  /** Refuse to synthesize without the built media layer (prod). */
  requireMediaLayer?: boolean;
}

/** Step Functions workflows: the multi-engine search, the takedown submission with its later re-check, and bulk submission. */
export class WorkflowsStack extends Stack {
  readonly searchStateMachine: sfn.StateMachine;
  readonly submissionStateMachine: sfn.StateMachine;
  /** Bulk submission: a Map over the accepted results, each starting its case's submission workflow. */
  readonly bulkSubmissionStateMachine: sfn.StateMachine;
  /** Account erasure (issue 27): every item, object and the identity of one user. */
  readonly accountErasureStateMachine: sfn.StateMachine;
  /** The data export job (JOB_SPECS.AccountExport), invoked by the account area. */
  readonly accountExport: ApiFunction;
  /** sharp and ffmpeg for the tasks that decode images and videos. */
  readonly mediaLayer: MediaLayer;
  /** The PDF renderer, for SendNotice and the monthly report. */
  readonly pdfLayer: PdfLayer;
  private face?: FaceLayer;
  /** Face detection (likeness, issue 24) for Triage, made on first use. */
  private faceLayer(): lambda.ILayerVersion {
    this.face ??= new FaceLayer(this, 'FaceLayer');
    return this.face.layer;
  }
  readonly recoveryFunctions = new Map<keyof typeof RECOVERY_SPECS, ApiFunction>();
  statusChangeRule!: events.Rule;
  reconcileRule!: events.Rule;
  /** The monthly platform report to the administrators (REPORT_RECIPIENTS, set through the functionEnv context). */
  readonly monthlyReport: ApiFunction;
  /** The alert digest tick, on its 5-minute schedule (construct id MonitorDispatcher). */
  readonly monitorDispatcher: ApiFunction;
  /** The daily result retention job (issue 27). */
  readonly resultRetention: ApiFunction;
  /** Task name -> the published version its Task state invokes. */
  readonly taskVersions = new Map<SearchTaskName | SubmissionTaskName | BulkTaskName | ErasureTaskName, lambda.IVersion>();
  /** One schedule per monitor, their queue, its DLQ, and the consumer that starts the runs (issue 27). */
  readonly monitorScheduling: MonitorScheduling;
  readonly monitorRunConsumer: ApiFunction;
  /** Task name -> its function, for the tasks whose entry exists. */
  readonly taskFunctionsByName = new Map<SearchTaskName | SubmissionTaskName | BulkTaskName | ErasureTaskName, ApiFunction>();

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    this.mediaLayer = new MediaLayer(this, 'MediaLayer', { dir: props.mediaLayerDir, required: props.requireMediaLayer });
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

    const erasureFns = this.taskFunctions('account erasure', ERASURE_TASKS, ERASURE_TASK_SPECS, props);
    this.accountErasureStateMachine = this.stateMachine(
      'AccountErasure',
      buildAccountErasureDefinition(new Construct(this, 'AccountErasure'), erasureFns),
      { timeout: ACCOUNT_ERASURE_TIMEOUT, fns: Object.values(erasureFns), logRetentionDays: props.logRetentionDays },
    );
    if (props.userPoolArn) {
      for (const [name, action] of [['EraseBegin', 'cognito-idp:AdminDisableUser'], ['EraseIdentity', 'cognito-idp:AdminDeleteUser']] as const) {
        this.taskFunctionsByName.get(name)?.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [action], resources: [props.userPoolArn] }));
      }
    }


    // Monitor runs (issue 27): each monitor's own schedule sends a message per occurrence to the monitor queue;
    // the consumer starts ordinary scans, its concurrency capped by the event source.
    const consumerSpec = QUEUE_SPECS.MonitorRunConsumer;
    this.monitorScheduling = new MonitorScheduling(this, 'MonitorScheduling', { consumerTimeout: consumerSpec.timeout });
    // An account erasure deletes the user's monitors' schedules before their items (EraseBegin).
    const eraseBegin = this.taskFunctionsByName.get('EraseBegin');
    if (eraseBegin) this.monitorScheduling.grantManage(eraseBegin);
    this.monitorRunConsumer = new ApiFunction(this, 'MonitorRunConsumer', {
      entry: consumerSpec.entry,
      description: 'Vigil monitor queue consumer: starts the scheduled monitor runs',
      environment: { ...props.environment, SEARCH_STATE_MACHINE_ARN: this.searchStateMachine.stateMachineArn },
      timeout: consumerSpec.timeout,
      logRetentionDays: props.logRetentionDays,
      reservedConcurrency: consumerSpec.reservedConcurrency,
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
      reservedConcurrency: dispatcherSpec.reservedConcurrency,
    });
    applyAccess(dispatcher, dispatcherSpec.access, props);
    // Its tick also runs the one-off migration giving monitors made before schedules their schedule (issue 27).
    this.monitorScheduling.grantManage(dispatcher);
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
      reservedConcurrency: reportSpec.reservedConcurrency,
    });
    applyAccess(this.monthlyReport, reportSpec.access, props);
    new events.Rule(this, 'MonthlyReportSchedule', {
      description: 'Monthly platform report',
      schedule: events.Schedule.cron({ minute: '0', hour: '6', day: '1', month: '*', year: '*' }),
      targets: [new eventTargets.LambdaFunction(this.monthlyReport.fn, { retryAttempts: 2 })],
    });
    // Every day at 04:00 UTC, results past their retention are removed with their evidence files.
    const retentionSpec = SCHEDULED_SPECS.ResultRetention;
    this.resultRetention = new ApiFunction(this, 'ResultRetention', {
      entry: retentionSpec.entry,
      description: 'Vigil result retention: removes results older than RESULT_RETENTION_DAYS and their evidence files',
      environment: props.environment,
      timeout: retentionSpec.timeout,
      logRetentionDays: props.logRetentionDays,
      reservedConcurrency: retentionSpec.reservedConcurrency,
    });
    applyAccess(this.resultRetention, retentionSpec.access, props);
    new events.Rule(this, 'ResultRetentionSchedule', {
      description: 'Daily result retention',
      schedule: events.Schedule.cron({ minute: '0', hour: String(RESULT_RETENTION_HOUR_UTC) }),
      targets: [new eventTargets.LambdaFunction(this.resultRetention.fn, { retryAttempts: 2 })],
    });
    // The data export (issue 27): the account area queues a job and invokes this function asynchronously.
    const exportSpec = JOB_SPECS.AccountExport;
    this.accountExport = new ApiFunction(this, 'AccountExport', {
      entry: exportSpec.entry,
      description: 'Vigil data export: builds a creator\'s archive (items and files) into exports/',
      environment: props.environment,
      memorySize: exportSpec.memorySize,
      timeout: exportSpec.timeout,
      logRetentionDays: props.logRetentionDays,
      reservedConcurrency: exportSpec.reservedConcurrency,
    });
    applyAccess(this.accountExport, exportSpec.access, props);
    const reemergenceSpec = SCHEDULED_SPECS.Reemergence;
    const reemergenceMedia = this.mediaLayer.functionProps();
    const reemergence = new ApiFunction(this, 'Reemergence', {
      entry: reemergenceSpec.entry,
      description: 'Vigil re-emergence: re-checks removed copies and their sources on paid plans and reopens the cases whose copy is back',
      environment: { ...props.environment, ...reemergenceMedia.environment },
      layers: reemergenceMedia.layers,
      memorySize: reemergenceSpec.memorySize,
      timeout: reemergenceSpec.timeout,
      logRetentionDays: props.logRetentionDays,
      reservedConcurrency: reemergenceSpec.reservedConcurrency,
    });
    applyAccess(reemergence, reemergenceSpec.access, props);
    new events.Rule(this, 'ReemergenceSchedule', {
      description: `Re-emergence of removed copies and their sources, every ${REEMERGENCE_RATE_HOURS} hours`,
      schedule: events.Schedule.rate(Duration.hours(REEMERGENCE_RATE_HOURS)), // services/monitors/reemergence.ts
      targets: [new eventTargets.LambdaFunction(reemergence.fn, { retryAttempts: 1 })],
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
      // No media layer: the recovery code files bulk cases (services/cases/bulk-case.ts), which decode nothing.
      const f = new ApiFunction(this, name, {
        entry: spec.entry,
        description,
        environment,
        timeout: spec.timeout,
        logRetentionDays: props.logRetentionDays,
        reservedConcurrency: spec.reservedConcurrency,
      });
      applyAccess(f, spec.access, props);
      // A bulk execution that stopped between claiming and sending is resent (`<bulkId>-resend`, issue 23).
      this.bulkSubmissionStateMachine.grantStartExecution(f.fn);
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
        layers: [...media.layers, ...(spec.pdf ? [this.pdfLayer.layer] : []), ...(spec.face ? [this.faceLayer()] : [])],
        memorySize: spec.memorySize,
        timeout: spec.timeout,
        logRetentionDays: props.logRetentionDays,
        reservedConcurrency: spec.reservedConcurrency,
      });
      applyAccess(task, spec.access, extra.targets ?? props);
      // The state machine names the version published by this deploy, not $LATEST: an execution keeps the
      // definition it started with, so one waiting days for its re-check still runs the code it started on,
      // while new executions get the new definition and versions. `live` points at the newest version
      // (what operators invoke by hand and roll back with); versions are retained for the waiting executions.
      const version = task.fn.currentVersion;
      new lambda.Alias(task, 'Live', { aliasName: TASK_ALIAS_NAME, version });
      fns[name] = version;
      this.taskVersions.set(name as SearchTaskName | SubmissionTaskName | BulkTaskName | ErasureTaskName, version);
      this.taskFunctionsByName.set(name as SearchTaskName | SubmissionTaskName | BulkTaskName | ErasureTaskName, task);
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
