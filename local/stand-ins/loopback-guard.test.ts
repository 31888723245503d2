import { request } from 'node:http';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { startDynalite, type RunningDynamo } from './dynamo';
import { startLambda, type RunningLambda } from './lambda';
import { browserOrForeign } from './loopback-guard';

// A web page the user visits can reach the stand-ins' loopback ports; they serve the runtime's SDK clients only.

/** A raw request as a browser (or a DNS-rebound page) would send it. */
function raw(endpoint: string, opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) {
  const url = new URL(opts.path ?? '/', endpoint);
  return new Promise<{ status: number; body: string }>((ok, fail) => {
    const req = request(url, { method: opts.method ?? 'POST', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c)).on('end', () => ok({ status: res.statusCode!, body }));
    });
    req.on('error', fail);
    req.end(opts.body);
  });
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('the loopback stand-ins', () => {
  let dynamo: RunningDynamo;
  let lambda: RunningLambda;
  const invoked: unknown[] = [];

  beforeAll(async () => {
    dynamo = await startDynalite();
    lambda = await startLambda({ Task: async (payload) => (invoked.push(payload), { ok: true }) });
  });
  afterAll(async () => {
    await dynamo.close();
    await lambda.close();
  });

  it('serve the SDK clients', async () => {
    const ddb = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials });
    expect((await ddb.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    ddb.destroy();
    const fn = new LambdaClient({ endpoint: lambda.endpoint, region: 'us-east-1', credentials });
    const out = await fn.send(new InvokeCommand({ FunctionName: 'Task', Payload: Buffer.from('{"from":"sdk"}') }));
    expect(JSON.parse(Buffer.from(out.Payload!).toString())).toEqual({ ok: true });
    fn.destroy();
    expect(invoked).toEqual([{ from: 'sdk' }]);
  });

  it("refuse dynalite's CORS preflight and a cross-site read of the table", async () => {
    const preflight = await raw(dynamo.endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });
    expect(preflight.status).toBe(403);
    const read = await raw(dynamo.endpoint, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
      body: '{}',
    });
    expect(read.status).toBe(403);
  });

  it('refuse a page posting text/plain to the Lambda stand-in, and a DNS-rebound host name', async () => {
    const path = '/2015-03-31/functions/Task/invocations';
    const page = await raw(lambda.endpoint, { path, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }, body: '{"from":"page"}' });
    expect(page.status).toBe(403);
    const port = new URL(lambda.endpoint).port;
    const rebound = await raw(lambda.endpoint, { path, headers: { host: `evil.example:${port}` }, body: '{"from":"rebound"}' });
    expect(rebound.status).toBe(403);
    expect(invoked).toEqual([{ from: 'sdk' }]);
  });

  it('tell why a request is refused', () => {
    expect(browserOrForeign({ method: 'POST', headers: { host: '127.0.0.1:4000' } })).toBeUndefined();
    expect(browserOrForeign({ method: 'GET', headers: { host: 'localhost:4000', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' } })).toMatch(/Sec-Fetch-Site/);
    // Node's fetch (the safe fetcher reading a presigned URL) sends Sec-Fetch-Mode alone.
    expect(browserOrForeign({ method: 'GET', headers: { host: '127.0.0.1:4000', 'sec-fetch-mode': 'cors' } })).toBeUndefined();
    expect(browserOrForeign({ method: 'POST', headers: { host: '127.0.0.1:4000', origin: 'null' } })).toMatch(/Origin/);
    expect(browserOrForeign({ method: 'POST', headers: { host: 'rebind.example:4000' } })).toMatch(/host name/);
  });
});
