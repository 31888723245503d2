import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sdkOnly } from './loopback-guard';

/**
 * A loopback server that speaks the SQS JSON protocol (`X-Amz-Target: AmazonSQS.<Operation>`, what
 * @aws-sdk/client-sqs sends) for standard queues: CreateQueue, GetQueueUrl, GetQueueAttributes, SendMessage,
 * SendMessageBatch, ReceiveMessage (long polling, visibility timeout, ApproximateReceiveCount), DeleteMessage,
 * DeleteMessageBatch, ChangeMessageVisibility and PurgeQueue, with a redrive policy that moves a message received
 * more than `maxReceiveCount` times to its dead-letter queue, as SQS does. The functions and the Scheduler
 * stand-in call it through the real SDK (SQS_ENDPOINT), as dynalite serves DynamoDB.
 *
 * Hand-written (~250 lines) rather than an npm emulator: the one maintained candidate (fauxqs) is ESM-only and
 * brings fastify and the SNS and S3 clients; this needs none of it (docs/ARCHITECTURE.md, "Monitors on AWS's
 * scheduler"). Like SQS, delivery is at least once; unlike it, order is FIFO within a queue and nothing is lost.
 */

const ACCOUNT = '000000000000';

interface Message {
  id: string;
  body: string;
  md5: string;
  sentAt: number;
  /** Epoch ms before which the message is invisible (in flight or delayed). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  receipt?: string;
}

interface Queue {
  name: string;
  arn: string;
  url: string;
  visibilityTimeoutSeconds: number;
  redrive?: { deadLetterTargetArn: string; maxReceiveCount: number };
  messages: Message[];
  /** Long polls waiting for a message. */
  waiters: Set<() => void>;
}

export interface RunningSqs {
  endpoint: string;
  region: string;
  /** `arn:aws:sqs:<region>:000000000000:<name>` of a queue. */
  arnOf(name: string): string;
  urlOf(name: string): string;
  /** Messages in the queue, visible or in flight (tests, the bench). */
  depth(name: string): number;
  close(): Promise<void>;
}

class SqsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

export async function startSqs(opts: { region?: string; port?: number; now?: () => number } = {}): Promise<RunningSqs> {
  const region = opts.region ?? 'us-east-1';
  const now = opts.now ?? (() => Date.now());
  const queues = new Map<string, Queue>();
  let endpoint = '';
  const arnOf = (name: string) => `arn:aws:sqs:${region}:${ACCOUNT}:${name}`;
  const urlOf = (name: string) => `${endpoint}/${ACCOUNT}/${name}`;

  const queueOf = (url: unknown): Queue => {
    const name = typeof url === 'string' ? url.split('/').pop() : undefined;
    const q = name ? queues.get(name) : undefined;
    if (!q) throw new SqsError('AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
    return q;
  };
  const byArn = (arn: string) => [...queues.values()].find((q) => q.arn === arn);
  const wake = (q: Queue) => {
    for (const w of q.waiters) w();
    q.waiters.clear();
  };

  const send = (q: Queue, body: unknown, delaySeconds = 0) => {
    if (typeof body !== 'string' || body.length === 0) throw new SqsError('InvalidParameterValue', 'MessageBody is required.');
    if (Buffer.byteLength(body) > 256 * 1024) throw new SqsError('InvalidParameterValue', 'MessageBody is longer than 256 KiB.');
    const m: Message = { id: randomUUID(), body, md5: md5(body), sentAt: now(), visibleAt: now() + delaySeconds * 1000, receiveCount: 0 };
    q.messages.push(m);
    wake(q);
    return { MessageId: m.id, MD5OfMessageBody: m.md5 };
  };

  /** Takes up to `max` visible messages; those past maxReceiveCount go to the dead-letter queue first. */
  const take = (q: Queue, max: number, visibilitySeconds: number) => {
    const out: Message[] = [];
    const t = now();
    for (const m of [...q.messages]) {
      if (out.length >= max) break;
      if (m.visibleAt > t) continue;
      if (q.redrive && m.receiveCount >= q.redrive.maxReceiveCount) {
        const dlq = byArn(q.redrive.deadLetterTargetArn);
        q.messages.splice(q.messages.indexOf(m), 1);
        if (dlq) {
          dlq.messages.push({ ...m, visibleAt: t, receiveCount: 0, receipt: undefined });
          wake(dlq);
        }
        continue;
      }
      m.receiveCount += 1;
      m.firstReceivedAt ??= t;
      m.visibleAt = t + visibilitySeconds * 1000;
      m.receipt = `${m.id}:${randomUUID()}`;
      out.push(m);
    }
    return out;
  };

  const remove = (q: Queue, receipt: unknown) => {
    const i = q.messages.findIndex((m) => m.receipt === receipt);
    if (i < 0) {
      if (typeof receipt !== 'string' || !receipt.includes(':')) throw new SqsError('ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
      return; // already deleted, or received again by someone else: SQS answers success
    }
    q.messages.splice(i, 1);
  };

  const ops: Record<string, (input: Record<string, unknown>) => unknown> = {
    CreateQueue: (input) => {
      const name = String(input.QueueName ?? '');
      if (!/^[\w-]{1,80}$/.test(name)) throw new SqsError('InvalidParameterValue', 'QueueName may hold 1 to 80 letters, digits, - and _.');
      const attrs = (input.Attributes ?? {}) as Record<string, string>;
      const existing = queues.get(name);
      if (!existing) {
        const redrive = attrs.RedrivePolicy ? (JSON.parse(attrs.RedrivePolicy) as { deadLetterTargetArn: string; maxReceiveCount: number | string }) : undefined;
        queues.set(name, {
          name,
          arn: arnOf(name),
          url: urlOf(name),
          visibilityTimeoutSeconds: Number(attrs.VisibilityTimeout ?? 30),
          redrive: redrive && { deadLetterTargetArn: redrive.deadLetterTargetArn, maxReceiveCount: Number(redrive.maxReceiveCount) },
          messages: [],
          waiters: new Set(),
        });
      }
      return { QueueUrl: urlOf(name) };
    },
    GetQueueUrl: (input) => {
      if (!queues.has(String(input.QueueName))) throw new SqsError('AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
      return { QueueUrl: urlOf(String(input.QueueName)) };
    },
    GetQueueAttributes: (input) => {
      const q = queueOf(input.QueueUrl);
      const t = now();
      const visible = q.messages.filter((m) => m.visibleAt <= t).length;
      return {
        Attributes: {
          QueueArn: q.arn,
          VisibilityTimeout: String(q.visibilityTimeoutSeconds),
          ApproximateNumberOfMessages: String(visible),
          ApproximateNumberOfMessagesNotVisible: String(q.messages.length - visible),
          ...(q.redrive ? { RedrivePolicy: JSON.stringify(q.redrive) } : {}),
        },
      };
    },
    SendMessage: (input) => send(queueOf(input.QueueUrl), input.MessageBody, Number(input.DelaySeconds ?? 0)),
    SendMessageBatch: (input) => {
      const q = queueOf(input.QueueUrl);
      const entries = (input.Entries ?? []) as { Id: string; MessageBody: string; DelaySeconds?: number }[];
      if (entries.length === 0 || entries.length > 10) throw new SqsError('AWS.SimpleQueueService.TooManyEntriesInBatchRequest', 'A batch holds 1 to 10 entries.');
      return { Successful: entries.map((e) => ({ Id: e.Id, ...send(q, e.MessageBody, Number(e.DelaySeconds ?? 0)) })), Failed: [] };
    },
    ReceiveMessage: async (input) => {
      const q = queueOf(input.QueueUrl);
      const max = Math.min(10, Math.max(1, Number(input.MaxNumberOfMessages ?? 1)));
      const visibility = Number(input.VisibilityTimeout ?? q.visibilityTimeoutSeconds);
      const waitMs = Math.min(20, Number(input.WaitTimeSeconds ?? 0)) * 1000;
      const deadline = Date.now() + waitMs;
      let got = take(q, max, visibility);
      while (got.length === 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(250, deadline - Date.now()));
          q.waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        got = take(q, max, visibility);
      }
      return {
        Messages: got.map((m) => ({
          MessageId: m.id,
          ReceiptHandle: m.receipt,
          Body: m.body,
          MD5OfBody: m.md5,
          Attributes: {
            ApproximateReceiveCount: String(m.receiveCount),
            SentTimestamp: String(m.sentAt),
            ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
          },
        })),
      };
    },
    DeleteMessage: (input) => {
      remove(queueOf(input.QueueUrl), input.ReceiptHandle);
      return {};
    },
    DeleteMessageBatch: (input) => {
      const q = queueOf(input.QueueUrl);
      const entries = (input.Entries ?? []) as { Id: string; ReceiptHandle: string }[];
      for (const e of entries) remove(q, e.ReceiptHandle);
      return { Successful: entries.map((e) => ({ Id: e.Id })), Failed: [] };
    },
    ChangeMessageVisibility: (input) => {
      const q = queueOf(input.QueueUrl);
      const m = q.messages.find((x) => x.receipt === input.ReceiptHandle);
      if (!m) throw new SqsError('ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
      m.visibleAt = now() + Number(input.VisibilityTimeout ?? 0) * 1000;
      if (Number(input.VisibilityTimeout ?? 0) === 0) wake(q);
      return {};
    },
    PurgeQueue: (input) => {
      queueOf(input.QueueUrl).messages.length = 0;
      return {};
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const op = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
    try {
      const fn = ops[op];
      if (req.method !== 'POST' || !fn) throw new SqsError('UnsupportedOperation', `The SQS stand-in does not implement ${op || 'this request'}.`);
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      reply(200, await fn(input));
    } catch (err) {
      const e = err instanceof SqsError ? err : new SqsError('InternalError', (err as Error).message, 500);
      reply(e.status, { __type: `com.amazonaws.sqs#${e.type}`, message: e.message }, { 'x-amzn-query-error': `${e.type};Sender` });
    }
  };

  const server = createServer(sdkOnly((req, res) => void handle(req, res)));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    region,
    arnOf,
    urlOf,
    depth: (name) => queues.get(name)?.messages.length ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const q of queues.values()) wake(q);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
