import { App, Stack } from 'aws-cdk-lib';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { StateMachine } from 'aws-local-stepfunctions';
import { fakeFunctionArn } from '../workflows/render-asl';
import { buildSearchDefinition, renderSearchAsl, SEARCH_TASKS, SEARCH_THROTTLING_ERRORS } from '../workflows/search-definition';

type Json = Record<string, unknown>;

/** Runs the rendered ASL in aws-local-stepfunctions with in-process task handlers, retries without waiting. */
async function runSearch(handlers: Record<string, (input: Json) => unknown>, input: Json) {
  const machine = new StateMachine(renderSearchAsl() as never, { validationOptions: { checkArn: false } });
  const noWait = Object.fromEntries(['Fingerprint', 'QueryEngine', 'QuerySource', 'Triage', 'Persist', 'Finalize'].map((s) => [s, 0]));
  const execution = machine.run(input as never, {
    overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides: noWait },
  });
  return (await execution.result) as Json;
}

class ThrottledError extends Error {
  name = 'ThrottledError';
}

describe('renderSearchAsl', () => {
  it('renders every task as a Lambda Task state with a fake ARN, without a synth', () => {
    const asl = renderSearchAsl();
    expect(asl.StartAt).toBe('Fingerprint');
    for (const name of ['Fingerprint', 'Triage', 'Persist', 'Finalize']) {
      expect(asl.States[name]).toMatchObject({ Type: 'Task', Resource: fakeFunctionArn(name) });
    }
    const map = asl.States.QueryEngines as { Type: string; ItemsPath: string; ItemProcessor: { States: Record<string, Json> } };
    expect(map).toMatchObject({ Type: 'Map', ItemsPath: '$.engines' });
    const query = map.ItemProcessor.States.QueryEngine;
    expect(query.Resource).toBe(fakeFunctionArn('QueryEngine'));
    expect(query.Retry).toContainEqual(expect.objectContaining({ ErrorEquals: SEARCH_THROTTLING_ERRORS }));
    expect(query.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'EngineFailed' })]);
    const sources = asl.States.QuerySources as { Type: string; ItemsPath: string; ItemProcessor: { States: Record<string, Json> } };
    expect(sources).toMatchObject({ Type: 'Map', ItemsPath: '$.sources', ResultPath: '$.sourceResults' });
    expect(sources.ItemProcessor.States.QuerySource).toMatchObject({ Resource: fakeFunctionArn('QuerySource') });
    expect(sources.ItemProcessor.States.QuerySource.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'SourceFailed' })]);
    expect(asl.States.QueryEngines).toMatchObject({ Next: 'HasSources' });
    // No CloudFormation token survived the rendering.
    expect(JSON.stringify(asl)).not.toMatch(/Fn::|"Ref"|\$\{Token/);
  });

  it('uses Pass states of the same names for tasks that have no function yet', () => {
    const stack = new Stack(new App(), 'Skeleton');
    const chain = buildSearchDefinition(stack, {});
    const graph = new sfn.StateGraph(chain.startState, 'skeleton').toGraphJson() as { States: Record<string, Json> };
    for (const name of ['Fingerprint', 'Triage', 'Persist', 'Finalize']) expect(graph.States[name].Type).toBe('Pass');
    expect(Object.keys(graph.States)).toEqual(expect.arrayContaining(['QueryEngines']));
    expect(SEARCH_TASKS).toEqual(['Fingerprint', 'QueryEngine', 'QuerySource', 'Triage', 'Persist', 'Finalize']);
    expect(Object.keys(graph.States)).toEqual(expect.arrayContaining(['HasSources', 'QuerySources']));
  });
});

describe('search workflow run locally on the rendered ASL', () => {
  it('retries a throttled engine, records a failing engine and still finishes the search', async () => {
    const calls: Record<string, number> = {};
    const result = await runSearch(
      {
        Fingerprint: () => ({ hashes: ['abc'] }),
        QueryEngine: (input) => {
          const engine = input.engine as string;
          calls[engine] = (calls[engine] ?? 0) + 1;
          if (engine === 'bing' && calls[engine] < 3) throw new ThrottledError('slow down');
          if (engine === 'duckduckgo') throw new Error('provider down');
          return { candidates: [`https://${engine}.example/1`] };
        },
        Triage: (input) => ({ kept: (input.engineResults as Json[]).filter((r) => r.ok).length }),
        Persist: () => ({ saved: true }),
        Finalize: (input) => ({
          status: (input.engineResults as Json[]).some((r) => !r.ok) ? 'partial' : 'completed',
        }),
      },
      { searchId: 's1', userId: 'u1', engines: ['google', 'bing', 'duckduckgo'] },
    );

    expect(calls).toEqual({ google: 1, bing: 3, duckduckgo: 1 });
    expect(result.engineResults).toEqual([
      { engine: 'google', ok: true, result: { candidates: ['https://google.example/1'] } },
      { engine: 'bing', ok: true, result: { candidates: ['https://bing.example/1'] } },
      { engine: 'duckduckgo', ok: false, error: 'Error' },
    ]);
    expect(result).toMatchObject({ triage: { kept: 2 }, persisted: { saved: true }, finalized: { status: 'partial' } });
  });

  it('runs each source in its own branch beside the engines: a crashing source is recorded and the search goes on', async () => {
    const seen: Json[] = [];
    const result = await runSearch(
      {
        Fingerprint: () => ({ hashed: 1 }),
        QueryEngine: (input) => ({ candidates: [`https://${input.engine as string}.example/1`] }),
        QuerySource: (input) => {
          seen.push(input);
          const source = input.source as { kind: string; target: string };
          if (source.kind === 'site') throw new Error('connector crashed');
          return { candidatesKey: `work/s3/source-${source.target}.json`, candidates: 2, posts: 1, requests: 1, telegramChannels: [] };
        },
        Triage: (input) => ({ sources: (input.sourceResults as Json[]).map((r) => r.ok) }),
        Persist: () => ({}),
        Finalize: () => ({ status: 'partial' }),
      },
      {
        searchId: 's3',
        userId: 'u1',
        engines: ['google'],
        sources: [
          { kind: 'telegram', target: 'leakchannel' },
          { kind: 'site', target: 'leak-forum' },
        ],
        since: null,
      },
    );
    expect(seen).toEqual([
      { source: { kind: 'telegram', target: 'leakchannel' }, searchId: 's3', userId: 'u1', since: null },
      { source: { kind: 'site', target: 'leak-forum' }, searchId: 's3', userId: 'u1', since: null },
    ]);
    expect(result.sourceResults).toEqual([
      { source: { kind: 'telegram', target: 'leakchannel' }, ok: true, result: expect.objectContaining({ candidates: 2 }) },
      { source: { kind: 'site', target: 'leak-forum' }, ok: false, error: 'Error' },
    ]);
    expect(result).toMatchObject({ triage: { sources: [true, false] }, finalized: { status: 'partial' } });
  });

  it('skips the sources of an execution started before sources existed', async () => {
    const result = await runSearch(
      {
        Fingerprint: () => ({}),
        QueryEngine: () => ({ candidates: [] }),
        QuerySource: () => {
          throw new Error('not expected');
        },
        Triage: () => ({ kept: 0 }),
        Persist: () => ({}),
        Finalize: () => ({ status: 'completed' }),
      },
      { searchId: 's4', userId: 'u1', engines: ['google'] },
    );
    expect(result.sourceResults).toBeUndefined();
    expect(result).toMatchObject({ finalized: { status: 'completed' } });
  });

  it('closes the search through Finalize when a step outside the Map fails', async () => {
    const finalized: Json[] = [];
    await runSearch(
      {
        Fingerprint: () => {
          throw new Error('unreadable file');
        },
        QueryEngine: () => ({}),
        Triage: () => ({}),
        Persist: () => ({}),
        Finalize: (input) => {
          finalized.push(input);
          return { status: 'failed' };
        },
      },
      { searchId: 's2', userId: 'u1', engines: ['google'] },
    );
    expect(finalized).toHaveLength(1);
    expect(finalized[0].failure).toMatchObject({ Error: 'Error' });
    expect(finalized[0].engineResults).toBeUndefined();
  });
});
