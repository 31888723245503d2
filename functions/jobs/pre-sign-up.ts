import { traced } from '../lib/tracer';
import { getMaintenance } from '../services/platform/maintenance';

/** The part of Cognito's pre sign-up trigger event the check reads (aws-lambda's PreSignUpTriggerEvent). */
export interface PreSignUpEvent {
  triggerSource: string;
  userPoolId?: string;
  userName?: string;
  [key: string]: unknown;
}

/**
 * Cognito's pre sign-up trigger (infra/stacks/auth-stack.ts; issue 26): while maintenance mode is on, a sign-up on
 * the hosted UI (`PreSignUp_SignUp`) or through an external provider is refused with the maintenance message,
 * which the hosted UI shows; no pool user is created. An administrator's AdminCreateUser still works. Locally the
 * IdP's sign-up path checks the same setting (local/idp).
 */
export async function preSignUp<E extends PreSignUpEvent>(event: E): Promise<E> {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const maintenance = await getMaintenance();
  if (maintenance.enabled) throw new Error(maintenance.message);
  return event;
}

export const handler = traced(preSignUp);
