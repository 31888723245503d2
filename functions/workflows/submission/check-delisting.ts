import { checkDelistingTask } from './delisting';
import type { SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/** Lambda entry of Task CheckDelisting (functions/workflows/submission/delisting.ts). */
export const handler = traced((input: SubmissionState) => checkDelistingTask(input));
