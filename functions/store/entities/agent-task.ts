import * as z from 'zod';
import { keys } from '../keys';
import { Cond, GSI1, getItem, putItemIf, query, updateItemIf, withoutKeys, type Item } from '../table';

/**
 * An agent task of the escalation ladder (issue 23, step 3): a CDN or proxy in front of the site takes complaints
 * only through a web form, so the company's agent files it by hand (`AGENT_TASK#id / AGENT_TASK`, id
 * `<caseId>-<step>-<attempt>`, so a retried FindContact opens one task). Listed in the agent console on gsi1
 * (`AGENT_QUEUE#cdn-forms`, oldest first) and under its case on gsi2. Its status moves open -> filed once, with the
 * reference the form's owner gave, conditionally, so two agents never record one filing twice.
 */
export const AGENT_TASK = 'AGENT_TASK';
const CASE = 'CASE';
/** The console queue the CDN web-form tasks are listed in (beside the engines' delisting queues). */
export const CDN_FORM_QUEUE = 'cdn-forms';

export const AGENT_TASK_STATUSES = ['open', 'filed'] as const;

const agentTaskSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  caseId: z.string(),
  userId: z.string(),
  caseNumber: z.string(),
  /** The submission attempt whose ladder opened it. */
  attempt: z.number().int(),
  step: z.literal('cdn'),
  /** The infringing URL the form names. */
  url: z.string(),
  /** The CDN or proxy, and its web form. */
  entityName: z.string(),
  formUrl: z.string(),
  /** How the CDN was recognised (address range or response header). */
  evidence: z.string(),
  status: z.enum(AGENT_TASK_STATUSES),
  openedAt: z.string(),
  filedAt: z.string().optional(),
  /** The reference number the CDN's form answered with. */
  reference: z.string().optional(),
  /** The agent (user id) who filed it. */
  filedBy: z.string().optional(),
});
export type AgentTaskRecord = Omit<z.infer<typeof agentTaskSchema>, 'v'>;

export const agentTaskId = (caseId: string, step: 'cdn', attempt: number) => `${caseId}-${step}-${attempt}`;

const sortValue = (t: Pick<AgentTaskRecord, 'openedAt' | 'id'>) => `${t.openedAt}#${t.id}`;

export function toItem(t: AgentTaskRecord): Item {
  return {
    ...keys.entity(AGENT_TASK, t.id),
    ...keys.agentQueue(CDN_FORM_QUEUE, sortValue(t)),
    ...keys.childOf(CASE, t.caseId, AGENT_TASK, sortValue(t)),
    entity: AGENT_TASK,
    v: 1,
    ...t,
  };
}

export function fromItem(item: Item): AgentTaskRecord {
  const { v: _v, ...t } = agentTaskSchema.parse(withoutKeys(item));
  return t;
}

/** Opens a task; false when one with its id exists (a retried task opens it once). */
export function create(t: AgentTaskRecord): Promise<boolean> {
  return putItemIf(toItem(t), Cond.notExists());
}

export async function get(id: string): Promise<AgentTaskRecord | undefined> {
  const item = await getItem(keys.entity(AGENT_TASK, id), { consistent: true });
  return item && fromItem(item);
}

/** The CDN web-form tasks, oldest first (at most `limit`). */
export async function listQueue(limit: number): Promise<AgentTaskRecord[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.agentQueuePartition(CDN_FORM_QUEUE), limit });
  return items.map(fromItem);
}

/** open -> filed with the form's reference; the task as written, or undefined when it was not open. */
export async function markFiled(id: string, reference: string, by: string, at: string): Promise<AgentTaskRecord | undefined> {
  const item = await updateItemIf(keys.entity(AGENT_TASK, id), { set: { status: 'filed', reference, filedBy: by, filedAt: at } }, Cond.eq('status', 'open'));
  return item && fromItem(item);
}
