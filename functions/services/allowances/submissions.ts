import { returnAllowance, takeAllowance } from './allowances';

/**
 * Sends one automated notice under the submission allowance: takes one unit (monthly and daily, or throws
 * `PlanLimitError` having changed nothing), runs `send`, and gives the unit back when `send` started nothing
 * (an attempt was already under way) or failed.
 */
export async function takeSubmission<T extends { started: boolean }>(userId: string, send: () => Promise<T>, now = new Date()): Promise<T> {
  const use = await takeAllowance(userId, 'submissions', 1, now);
  let outcome: T;
  try {
    outcome = await send();
  } catch (err) {
    await returnAllowance(use);
    throw err;
  }
  if (!outcome.started) await returnAllowance(use);
  return outcome;
}
