import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { StateMachine } from 'aws-local-stepfunctions';
import { logger } from '../../functions/lib/logger';

type Json = Parameters<StateMachine['run']>[0];
type TaskHandler = (input: Json) => Promise<Json> | Json;

/** A state machine the stand-in can run: the very ASL that CDK builds, with each Task state mapped to its handler. */
export interface LocalMachine {
  name: string;
  definition: Record<string, unknown>;
  /** Keyed by Task state name (aws-local-stepfunctions overrides are by state name). */
  handlers: Record<string, TaskHandler>;
  /** Wait states wait this long (ms) instead of their own duration; absent: they wait as the definition says. */
  waitMs?: number;
  /** Retries wait this long (ms) instead of their backoff. */
  retryMs?: number;
}

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  done: Promise<void>;
}

/** An execution that stopped without reaching its own end: what AWS's EventBridge status-change event carries. */
export interface StoppedExecution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'FAILED';
  input: string;
  error?: string;
  cause?: string;
}

export interface StepFunctionsOptions {
  region?: string;
  port?: number;
  /**
   * Where executions are kept between runs (DATA_DIR/stepfunctions.json). An execution still RUNNING when the
   * runtime stopped (Ctrl-C, a crash, kill -9) cannot continue its states; `recoverInterrupted()` ends it FAILED
   * with error `Vigil.RuntimeStopped` and reports it to `onStopped`, as the EventBridge rule does on AWS.
   */
  stateFile?: string;
  /** Called for every execution that ends FAILED (the local counterpart of the EventBridge status rule). */
  onStopped?: (execution: StoppedExecution) => Promise<unknown>;
}

/** The error of an execution the local runtime stopped under (it did not fail by itself). */
export const RUNTIME_STOPPED_ERROR = 'Vigil.RuntimeStopped';

export interface RunningStepFunctions {
  endpoint: string;
  /** Ends the executions a previous run left RUNNING (see StepFunctionsOptions.stateFile); returns how many. */
  recoverInterrupted(): Promise<number>;
  arnOf(name: string): string;
  /** Resolves when every execution has finished, including those started meanwhile (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const ACCOUNT = '000000000000';

/**
 * A loopback server that speaks the Step Functions JSON protocol (StartExecution, DescribeExecution) and runs
 * executions in-process with aws-local-stepfunctions. The functions call it through the real SDK with
 * STEPFUNCTIONS_ENDPOINT pointing here, so the code that starts a workflow on AWS is the code that runs locally.
 * Written by hand because no package offers this protocol over aws-local-stepfunctions; it implements only
 * the two operations the product uses.
 */
export async function startStepFunctions(machines: LocalMachine[], opts: StepFunctionsOptions = {}): Promise<RunningStepFunctions> {
  const region = opts.region ?? 'us-east-1';
  const arnOf = (name: string) => `arn:aws:states:${region}:${ACCOUNT}:stateMachine:${name}`;
  const byArn = new Map(machines.map((m) => [arnOf(m.name), m]));
  const compiled = new Map(
    machines.map((m) => [arnOf(m.name), new StateMachine(m.definition as never, { validationOptions: { checkArn: false, checkPaths: false } })]),
  );
  const executions = new Map<string, Execution>();
  const persisted = new Map<string, Omit<Execution, 'done'>>();
  if (opts.stateFile) {
    try {
      for (const e of JSON.parse(readFileSync(opts.stateFile, 'utf8')) as Omit<Execution, 'done'>[]) persisted.set(e.executionArn, e);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('local executions file unreadable; starting empty', { error: err as Error });
    }
  }
  // Written whole (small: one line per execution) through a rename, so a kill mid-write leaves the old file.
  const save = () => {
    if (!opts.stateFile) return;
    const all = [...persisted.values(), ...[...executions.values()].map(({ done: _done, ...rest }) => rest)];
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    writeFileSync(`${opts.stateFile}.tmp`, JSON.stringify(all));
    renameSync(`${opts.stateFile}.tmp`, opts.stateFile);
  };
  const stopped = (e: Omit<Execution, 'done'>) =>
    opts.onStopped?.({ executionArn: e.executionArn, stateMachineArn: e.stateMachineArn, name: e.name, status: 'FAILED', input: e.input, error: e.error, cause: e.cause })
      .catch((err: Error) => logger.error('ending the work of a stopped execution failed', { executionArn: e.executionArn, error: err }));

  const start = (body: { stateMachineArn?: string; input?: string; name?: string }) => {
    const machine = body.stateMachineArn ? byArn.get(body.stateMachineArn) : undefined;
    const sm = body.stateMachineArn ? compiled.get(body.stateMachineArn) : undefined;
    if (!machine || !sm) return error(400, 'StateMachineDoesNotExist', `State machine does not exist: ${body.stateMachineArn}`);
    const name = body.name ?? randomUUID();
    const executionArn = `arn:aws:states:${region}:${ACCOUNT}:execution:${machine.name}:${name}`;
    if (executions.has(executionArn) || persisted.has(executionArn)) return error(400, 'ExecutionAlreadyExists', `Execution already exists: ${executionArn}`);
    const input = body.input ?? '{}';
    const slow = (ms: number | undefined, names: string[]) => Object.fromEntries(names.map((n) => [n, ms ?? 0]));
    const stateNames = collectStateNames(machine.definition);
    const run = sm.run(JSON.parse(input), {
      overrides: {
        taskResourceLocalHandlers: machine.handlers as never,
        waitTimeOverrides: machine.waitMs === undefined ? undefined : slow(machine.waitMs, stateNames.wait),
        retryIntervalOverrides: slow(machine.retryMs, stateNames.all),
      },
    });
    const exec: Execution = {
      executionArn,
      stateMachineArn: body.stateMachineArn!,
      name,
      status: 'RUNNING',
      startDate: Date.now() / 1000,
      input,
      done: run.result.then(
        (output) => {
          Object.assign(exec, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: Date.now() / 1000 });
          save();
        },
        (err: Error & { cause?: unknown }) => {
          // aws-local-stepfunctions wraps the state's error; report the state's own error as the service does.
          const inner = err.cause instanceof Error ? err.cause : err;
          Object.assign(exec, { status: 'FAILED', error: inner.name, cause: inner.message, stopDate: Date.now() / 1000 });
          logger.warn('local execution failed', { executionArn, error: err.message });
          save();
          void stopped(exec);
        },
      ),
    };
    executions.set(executionArn, exec);
    save();
    return { status: 200, body: { executionArn, startDate: exec.startDate } };
  };

  const describe = (body: { executionArn?: string }) => {
    const e = body.executionArn ? (executions.get(body.executionArn) ?? persisted.get(body.executionArn)) : undefined;
    if (!e) return error(400, 'ExecutionDoesNotExist', `Execution does not exist: ${body.executionArn}`);
    const { done: _done, ...rest } = e as Execution;
    return { status: 200, body: rest };
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    let parsed: Record<string, string | undefined>;
    try {
      parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return send(res, error(400, 'SerializationException', 'Malformed JSON body'));
    }
    if (target === 'AWSStepFunctions.StartExecution') return send(res, start(parsed));
    if (target === 'AWSStepFunctions.DescribeExecution') return send(res, describe(parsed));
    send(res, error(400, 'UnknownOperationException', `Operation not supported by the local stand-in: ${target}`));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    recoverInterrupted: async () => {
      const interrupted = [...persisted.values()].filter((e) => e.status === 'RUNNING');
      for (const e of interrupted) {
        Object.assign(e, {
          status: 'FAILED',
          error: RUNTIME_STOPPED_ERROR,
          cause: 'The local runtime stopped while this execution was running; its work was ended with a reason.',
          stopDate: Date.now() / 1000,
        });
      }
      if (interrupted.length) {
        save();
        logger.warn('ending executions interrupted by the last stop', { count: interrupted.length });
      }
      await Promise.all(interrupted.map((e) => stopped(e)));
      return interrupted.length;
    },
    arnOf,
    idle: async () => {
      // Executions may start others (a bulk item starts its case's submission): wait until none is left running.
      for (let seen = -1; seen !== executions.size; ) {
        seen = executions.size;
        await Promise.all([...executions.values()].map((e) => e.done));
      }
    },
    close: async () => {
      await Promise.all([...executions.values()].map((e) => e.done));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function error(status: number, type: string, message: string) {
  return { status, body: { __type: type, message } };
}

function send(res: ServerResponse, r: { status: number; body: unknown }) {
  res.writeHead(r.status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(r.body));
}

/** All state names (for retry overrides) and Wait state names, including those inside Map and Parallel states. */
function collectStateNames(def: Record<string, unknown>): { all: string[]; wait: string[] } {
  const all: string[] = [];
  const wait: string[] = [];
  const walk = (d: { States?: Record<string, Record<string, unknown>> }) => {
    for (const [name, state] of Object.entries(d.States ?? {})) {
      all.push(name);
      if (state.Type === 'Wait') wait.push(name);
      const inner = (state.ItemProcessor ?? state.Iterator) as typeof d | undefined;
      if (inner) walk(inner);
      for (const b of (state.Branches as (typeof d)[] | undefined) ?? []) walk(b);
    }
  };
  walk(def as never);
  return { all, wait };
}
