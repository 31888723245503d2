import { queueDelistingTask } from './delisting';
import type { SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/** Lambda entry of Task QueueDelisting (functions/workflows/submission/delisting.ts). */
export const handler = traced((input: SubmissionState) => queueDelistingTask(input));
