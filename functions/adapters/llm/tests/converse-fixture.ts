import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

/** A Converse call as the fixture received it. */
export interface ReceivedCall {
  modelId: string;
  headers: http2.IncomingHttpHeaders;
  body: {
    system?: { text: string }[];
    messages: { role: string; content: { text?: string; toolUse?: { toolUseId: string; name: string; input: unknown }; toolResult?: { toolUseId: string; content: { json?: unknown }[]; status?: string } }[] }[];
    inferenceConfig?: { maxTokens?: number; temperature?: number };
    toolConfig?: { tools: { toolSpec: { name: string; description: string; inputSchema: { json: unknown } } }[] };
  };
}

export interface FixtureAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ConverseFixture {
  endpoint: string;
  calls: ReceivedCall[];
  /** What the next calls answer (the last one given repeats). */
  answer(...answers: FixtureAnswer[]): void;
  close(): Promise<void>;
}

/** A Converse-shaped success body. */
export const converseOk = (text: string, stopReason = 'end_turn'): FixtureAnswer => ({
  body: {
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason,
    usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
    metrics: { latencyMs: 5 },
  },
});

/** A Converse-shaped answer asking for one tool. */
export const converseToolUse = (toolUseId: string, name: string, input: unknown = {}): FixtureAnswer => ({
  body: {
    output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId, name, input } }] } },
    stopReason: 'tool_use',
    usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
    metrics: { latencyMs: 5 },
  },
});

/**
 * A loopback stand-in for the Bedrock runtime endpoint: `POST /model/{modelId}/converse` answers with
 * Converse JSON. It speaks HTTP/2 without TLS (prior knowledge), as the SDK's default Bedrock handler does,
 * so the real client, signer and (de)serialisers run unchanged.
 */
export async function startConverseFixture(): Promise<ConverseFixture> {
  const calls: ReceivedCall[] = [];
  let answers: FixtureAnswer[] = [converseOk('fixture reply')];
  const server = http2.createServer();
  // Clients keep HTTP/2 sessions open; close() ends them so the server can stop.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const path = String(headers[':path'] ?? '');
      const match = /^\/model\/([^/]+)\/converse$/.exec(path);
      if (headers[':method'] !== 'POST' || !match) {
        stream.respond({ ':status': 404, 'content-type': 'application/json' });
        stream.end(JSON.stringify({ message: `no route ${path}` }));
        return;
      }
      calls.push({ modelId: decodeURIComponent(match[1]!), headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      const a = answers.length > 1 ? answers.shift()! : answers[0]!;
      stream.respond({ ':status': a.status ?? 200, 'content-type': 'application/json', ...a.headers });
      stream.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    answer: (...next) => {
      answers = next;
    },
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
