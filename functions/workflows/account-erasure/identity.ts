import { traced } from '../../lib/tracer';
import { eraseIdentity } from '../../services/account-data/erasure-steps';
import type { ErasureInput } from '../../services/account-data/erasure';

/** Lambda entry of the account erasure workflow's task (functions/services/account-data/erasure-steps.ts, `eraseIdentity`). */
export const handler = traced((input: ErasureInput) => eraseIdentity(input));
