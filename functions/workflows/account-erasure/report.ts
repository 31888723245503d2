import { traced } from '../../lib/tracer';
import { reportErasure, type ErasureInput } from '../../services/account-data/erasure';

/** Lambda entry of the account erasure workflow's task (functions/services/account-data/erasure.ts, `reportErasure`). */
export const handler = traced((input: ErasureInput) => reportErasure(input));
