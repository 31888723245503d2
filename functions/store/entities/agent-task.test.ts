import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as tasks from './agent-task';

const at = '2026-11-28T10:00:00.000Z';
const record: tasks.AgentTaskRecord = {
  id: tasks.agentTaskId('01JCASE', 'cdn', 1),
  caseId: '01JCASE',
  userId: 'u1',
  caseNumber: 'VGL-2026-000042',
  attempt: 1,
  step: 'cdn',
  url: 'https://copy.example/a',
  entityName: 'Cloudflare',
  formUrl: 'https://abuse.cloudflare.com/dmca',
  evidence: '104.16.0.10 is in Cloudflare published range 104.16.0.0/13',
  status: 'open',
  openedAt: at,
};

let store: ReturnType<typeof recordStore>;
afterEach(() => store?.stop());

describe('agent task entity', () => {
  it('stores a task under its id and in the CDN web-form queue, and reads it back', () => {
    const item = tasks.toItem(record);
    expect(item).toMatchObject({ pk: 'AGENT_TASK#01JCASE-cdn-1', sk: 'AGENT_TASK', gsi1pk: 'AGENT_QUEUE#cdn-forms', gsi1sk: `${at}#01JCASE-cdn-1`, v: 1 });
    expect(tasks.fromItem(item)).toEqual(record);
    expect(() => tasks.fromItem({ ...item, status: 'lost' })).toThrow();
  });

  it('opens a task once, and files only an open one', async () => {
    store = recordStore(() => conditionFailed());
    expect(await tasks.create(record)).toBe(false);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { ConditionExpression: 'attribute_not_exists(#c0)' } });
    expect(await tasks.markFiled(record.id, 'R1', 'agent', at)).toBeUndefined();
    expect(store.commands[1].input).toMatchObject({ ExpressionAttributeNames: { '#u0': 'status' } });
    expect(store.commands[1].input.ConditionExpression).toMatch(/^#u0 = :u\d+$/);
  });

  it('lists the queue oldest first from the index', async () => {
    store = recordStore(() => ({ Items: [tasks.toItem(record)] }));
    expect(await tasks.listQueue(10)).toEqual([record]);
    expect(store.commands[0]).toMatchObject({ name: 'Query', input: { IndexName: 'gsi1', ExpressionAttributeValues: { ':k0': 'AGENT_QUEUE#cdn-forms' } } });
  });
});
