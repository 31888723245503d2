import * as fs from 'node:fs';
import * as path from 'node:path';
import { AREAS } from '../../shared/contract';
import type { Access } from '../constructs/grants';
import { REPO_ROOT } from '../context';
import { areaAccess, areaEntry } from '../stacks/api-stack';
import { TRIGGER_SPECS } from '../stacks/auth-stack';
import { BULK_TASK_SPECS, ERASURE_TASK_SPECS, JOB_SPECS, QUEUE_SPECS, RECOVERY_SPECS, SCHEDULED_SPECS, SEARCH_TASK_SPECS, SUBMISSION_TASK_SPECS, type TaskSpec } from '../stacks/workflows-stack';

/** One Lambda function of the app, as the stacks deploy it: an API area, a workflow task, a recovery or a scheduled function. */
export interface LambdaFunctionSpec {
  /**
   * The area (`dmca`), the Task state name (`SendNotice`) or the construct id (`MonitorDispatcher`): the key
   * of bench:lambda and of the local runtime.
   */
  name: string;
  /** `scheduled`: invoked by an EventBridge schedule outside any workflow (functions/jobs/: the monitor dispatcher, the monthly report). */
  /** `queue`: invoked by an SQS event source (functions/jobs/monitor-runs.ts, the monitor queue's consumer). */
  /**
   * `job`: invoked asynchronously by an API area (functions/jobs/account-export.ts, the data export); `trigger`: invoked
   * by Cognito (functions/jobs/pre-sign-up.ts, the pre sign-up trigger).
   */
  kind: 'area' | 'task' | 'recovery' | 'scheduled' | 'queue' | 'job' | 'trigger';
  /** For tasks: the workflow it belongs to. */
  workflow?: 'search' | 'submission' | 'bulk-submission' | 'account-erasure';
  /** Entry file relative to the repository root. */
  entry: string;
  /** Gets the media layer (sharp, ffmpeg) and FFMPEG_PATH/FFPROBE_PATH. */
  media: boolean;
  /** Gets the PDF layer (pdfmake, pdfkit, fontkit): renders the notice PDF or the reports. */
  pdf: boolean;
  /** Gets the face layer (face-api with TensorFlow.js): detects faces for likeness matching (issue 24). */
  face?: boolean;
  /** Lambda's timeout, in seconds. */
  timeoutSeconds: number;
  /** What the function may touch beyond its own logs (infra/constructs/grants.ts). */
  access: Access;
}

/**
 * Every function the stacks deploy (areas and tasks whose entry file exists, the recovery and the scheduled
 * functions), in a stable order. infra/tests/vigil-app.test.ts checks it against the synthesized templates.
 */
export function lambdaFunctions(): LambdaFunctionSpec[] {
  const exists = (entry: string) => fs.existsSync(path.join(REPO_ROOT, entry));
  const tasks = (workflow: NonNullable<LambdaFunctionSpec['workflow']>, specs: Record<string, TaskSpec>): LambdaFunctionSpec[] =>
    Object.entries(specs)
      .filter(([, spec]) => exists(spec.entry))
      .map(([name, spec]) => ({ name, kind: 'task', workflow, entry: spec.entry, media: Boolean(spec.media), pdf: Boolean(spec.pdf), face: Boolean(spec.face), timeoutSeconds: spec.timeout.toSeconds(), access: spec.access }));
  return [
    ...AREAS.filter((area) => exists(areaEntry(area))).map((area): LambdaFunctionSpec => {
      const access = areaAccess(area);
      return {
        name: area,
        kind: 'area',
        entry: areaEntry(area),
        media: Boolean(access.media),
        pdf: Boolean(access.pdf),
        face: Boolean(access.face),
        timeoutSeconds: access.timeoutSeconds ?? 10,
        access,
      };
    }),
    ...tasks('search', SEARCH_TASK_SPECS),
    ...tasks('submission', SUBMISSION_TASK_SPECS),
    ...tasks('bulk-submission', BULK_TASK_SPECS),
    ...tasks('account-erasure', ERASURE_TASK_SPECS),
    ...Object.entries(RECOVERY_SPECS).map(
      ([name, spec]): LambdaFunctionSpec => ({ name, kind: 'recovery', entry: spec.entry, media: false, pdf: false, timeoutSeconds: spec.timeout.toSeconds(), access: spec.access }),
    ),
    ...Object.entries(SCHEDULED_SPECS).map(
      ([name, spec]: [string, TaskSpec]): LambdaFunctionSpec => ({
        name,
        kind: 'scheduled',
        entry: spec.entry,
        media: Boolean(spec.media),
        pdf: Boolean(spec.pdf),
        timeoutSeconds: spec.timeout.toSeconds(),
        access: spec.access,
      }),
    ),
    ...Object.entries(QUEUE_SPECS).map(
      ([name, spec]: [string, TaskSpec]): LambdaFunctionSpec => ({ name, kind: 'queue', entry: spec.entry, media: false, pdf: false, timeoutSeconds: spec.timeout.toSeconds(), access: spec.access }),
    ),
    ...Object.entries(JOB_SPECS).map(
      ([name, spec]: [string, TaskSpec]): LambdaFunctionSpec => ({ name, kind: 'job', entry: spec.entry, media: false, pdf: false, timeoutSeconds: spec.timeout.toSeconds(), access: spec.access }),
    ),
    ...Object.entries(TRIGGER_SPECS).map(
      ([name, spec]): LambdaFunctionSpec => ({ name, kind: 'trigger', entry: spec.entry, media: false, pdf: false, timeoutSeconds: spec.timeout.toSeconds(), access: {} }),
    ),
  ];
}
