import type { Context } from 'aws-lambda';
import { isTraced, traced, tracer } from './tracer';

class QueryFailed extends Error {
  override name = 'QueryFailed';
}

describe('traced()', () => {
  it('hands the event to the function and returns its result, with or without a Lambda context', async () => {
    const seen: unknown[] = [];
    const handler = traced(async (event: { id: string }) => {
      seen.push(event);
      return { ok: event.id };
    });
    expect(isTraced(handler)).toBe(true);
    expect(await handler({ id: 'a' })).toEqual({ ok: 'a' });
    expect(await handler({ id: 'b' }, { awsRequestId: 'r-1', getRemainingTimeInMillis: () => 60_000 } as unknown as Context)).toEqual({ ok: 'b' });
    expect(seen).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('rethrows the function\'s own error, name and all (Step Functions\' Retry and Catch match it)', async () => {
    const handler = traced(async (_event: unknown) => {
      throw new QueryFailed('engine down');
    });
    await expect(handler({})).rejects.toMatchObject({ name: 'QueryFailed', message: 'engine down' });
  });

  it('keeps an optional event optional (the schedule and the tests may call it bare)', async () => {
    const handler = traced(async (event: { time?: string } = {}) => event.time ?? 'now');
    expect(await handler()).toBe('now');
  });

  it('never ends a task early: a function near its deadline runs to its end, as Lambda would let it', async () => {
    const handler = traced(async (_event: unknown) => {
      await new Promise((r) => setTimeout(r, 30));
      return 'done';
    });
    // middy's default would answer with its own TimeoutError 5 ms before the remaining time.
    expect(await handler({}, { getRemainingTimeInMillis: () => 10 } as unknown as Context)).toBe('done');
  });

  it('opens an X-Ray subsegment for the invocation when tracing is on', async () => {
    const closed: string[] = [];
    const subsegment = { name: '', addAnnotation: () => undefined, addMetadata: () => undefined, addError: () => undefined, close: () => closed.push(subsegment.name), flush: () => undefined };
    const segment = { addNewSubsegment: (name: string) => Object.assign(subsegment, { name }) };
    jest.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
    jest.spyOn(tracer, 'getSegment').mockReturnValue(segment as never);
    jest.spyOn(tracer, 'setSegment').mockImplementation(() => undefined);
    try {
      expect(await traced(async (_event: unknown) => 'ok')({})).toBe('ok');
      expect(closed).toHaveLength(1);
      expect(closed[0]).toMatch(/^## /);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
