import { recordStore } from '../../../test/store-recorder';
import * as health from './source-health';

describe('source-health entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('ADDs a failed run to its source in one UpdateItem, with the problem and the listing keys', async () => {
    store = recordStore();
    await health.recordRun({ kind: 'telegram', target: 'LeakChan', at: '2026-11-28T10:00:00.000Z', ok: false, requests: 3, candidates: 0, rateLimitWaitMs: 1500, problem: 'page has no posts' });
    expect(store.commands).toHaveLength(1);
    const input = store.commands[0]!.input as { Key: unknown; UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> };
    expect(store.commands[0]!.name).toBe('UpdateItem');
    expect(input.Key).toEqual({ pk: 'SOURCE#telegram:leakchan', sk: 'HEALTH' });
    // Placeholders pair up by number (#uN = :uN): the SET part labels, the ADD part counts.
    const [setPart, addPart] = input.UpdateExpression.replace(/^SET /, '').split(' ADD ');
    const pairs = (part: string) => Object.fromEntries(part.split(', ').map((p) => { const n = p.match(/#u(\d+)/)![1]; return [input.ExpressionAttributeNames[`#u${n}`], input.ExpressionAttributeValues[`:u${n}`]]; }));
    // Counters are ADDed (zero deltas skipped: candidates), labels SET; a failed run sets no lastSuccessAt.
    expect(pairs(addPart!)).toEqual({ runs: 1, failures: 1, requests: 3, rateLimitWaitMs: 1500 });
    expect(pairs(setPart!)).toEqual({
      gsi1pk: 'SOURCE_HEALTH',
      gsi1sk: 'telegram:leakchan',
      entity: 'SOURCE_HEALTH',
      v: 1,
      kind: 'telegram',
      target: 'leakchan',
      lastRunAt: '2026-11-28T10:00:00.000Z',
      lastProblem: 'page has no posts',
    });
    expect(Object.values(input.ExpressionAttributeValues)).toEqual(expect.arrayContaining(['SOURCE_HEALTH', 'telegram:leakchan', 'page has no posts', '2026-11-28T10:00:00.000Z']));
  });

  it('sets the last success on a run that went well', async () => {
    store = recordStore();
    await health.recordRun({ kind: 'reddit', target: 'pics', at: '2026-11-28T11:00:00.000Z', ok: true, requests: 2, candidates: 5, rateLimitWaitMs: 0 });
    const input = store.commands[0]!.input as { ExpressionAttributeNames: Record<string, string> };
    expect(Object.values(input.ExpressionAttributeNames)).toEqual(expect.arrayContaining(['lastSuccessAt', 'candidates', 'requests', 'runs']));
    expect(Object.values(input.ExpressionAttributeNames)).not.toContain('failures');
  });

  it('reads counters with an error rate, and items without a version or counters', () => {
    expect(health.fromItem({ pk: 'SOURCE#site:leakforum', sk: 'HEALTH', kind: 'site', target: 'leakforum', runs: 4, failures: 1, requests: 9, lastRunAt: 't2', lastSuccessAt: 't1' })).toEqual({
      kind: 'site',
      target: 'leakforum',
      runs: 4,
      failures: 1,
      errorRate: 0.25,
      requests: 9,
      candidates: 0,
      rateLimitWaitMs: 0,
      lastRunAt: 't2',
      lastSuccessAt: 't1',
      lastProblem: null,
    });
    expect(health.fromItem({ kind: 'reddit', target: '*' }).errorRate).toBe(0);
    expect(() => health.fromItem({ kind: 'discord', target: 'x' })).toThrow();
  });

  it('lists every source on gsi1 under SOURCE_HEALTH', async () => {
    store = recordStore(({ name }) => (name === 'Query' ? { Items: [{ kind: 'telegram', target: 'a', runs: 1 }] } : undefined));
    expect(await health.list()).toEqual([expect.objectContaining({ kind: 'telegram', target: 'a', runs: 1 })]);
    expect(store.commands[0]).toMatchObject({ name: 'Query', input: { IndexName: 'gsi1', ExpressionAttributeValues: { ':k0': 'SOURCE_HEALTH' } } });
  });
});
