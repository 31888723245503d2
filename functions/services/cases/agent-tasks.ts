import { splitInfringingUrls } from '../../../shared/schemas/cases';
import * as cases from '../../store/entities/case';
import * as tasks from '../../store/entities/agent-task';
import type { AgentTaskRecord } from '../../store/entities/agent-task';
import type { CaseRecord } from './case-store';

/**
 * Agent tasks of the escalation ladder (issue 23, step 3): a CDN or proxy in front of the site that takes
 * complaints only through a web form. FindContact opens the task (the workflow then waits and re-checks as on any
 * rung); the agent console lists it with the form's fields and records the filing (services/agent/console.ts).
 */
export type { AgentTaskRecord };

/** Opens the CDN web-form task of a case's attempt (a retried FindContact opens it once). */
export async function openCdnFormTask(
  c: Pick<CaseRecord, 'id' | 'userId' | 'caseNumber' | 'infringingUrl'>,
  attempt: number,
  form: { url: string; entityName: string; evidence: string },
  at: string,
): Promise<void> {
  await tasks.create({
    id: tasks.agentTaskId(c.id, 'cdn', attempt),
    caseId: c.id,
    userId: c.userId,
    caseNumber: c.caseNumber,
    attempt,
    step: 'cdn',
    url: splitInfringingUrls(c.infringingUrl)[0]!,
    entityName: form.entityName,
    formUrl: form.url,
    evidence: form.evidence,
    status: 'open',
    openedAt: at,
  });
}

export const cdnFormTasks = (limit = 500) => tasks.listQueue(limit);
export const getAgentTask = (id: string) => tasks.get(id);

/**
 * Records that the agent filed the task's form (open -> filed), and puts the filing on the case's ladder when the
 * task's attempt is still the case's. The task as written, or undefined when it was not open.
 */
export async function recordAgentTaskFiled(t: AgentTaskRecord, reference: string, by: string, at: string): Promise<AgentTaskRecord | undefined> {
  const filed = await tasks.markFiled(t.id, reference, by, at);
  if (!filed) return undefined;
  await cases.recordAgentFiling(t.caseId, {
    step: t.step,
    action: 'agent-filed',
    at,
    recipient: t.formUrl,
    entityName: t.entityName,
    reference,
    detail: `The agent filed ${t.entityName}'s web form.`,
    attempt: t.attempt,
  });
  return filed;
}
