import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import { StateMachine } from 'aws-local-stepfunctions';
import { logger } from '../../functions/lib/logger';
import { sdkOnly } from './loopback-guard';

type Json = Parameters<StateMachine['run']>[0];
type EventLogs = ReturnType<StateMachine['run']>['eventLogs'];
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
  /**
   * Set while the execution is in a top-level Wait state: the state, the input it entered with, and the
   * time (epoch ms) it ends. Kept on disk, so a restart resumes the wait with its own deadline.
   */
  waiting?: WaitPosition;
  /** Stopped by close() while waiting: not an end, it stays RUNNING on disk (never written: see save()). */
  parked?: boolean;
  done: Promise<void>;
}

/** Where a waiting execution is: enough to start the rest of its definition from that Wait state. */
export interface WaitPosition {
  state: string;
  input: Json;
  until: number;
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
   * Where executions are kept between runs (DATA_DIR/stepfunctions.json). `recoverInterrupted()` deals with
   * an execution still RUNNING when the runtime stopped (Ctrl-C, a crash, kill -9): one that was in a Wait
   * state resumes from that state with its original deadline (a Wait has no side effect, so this is exact);
   * one that was anywhere else (a task may have half-run) ends FAILED with error `Vigil.RuntimeStopped` and
   * is reported to `onStopped`, as the EventBridge rule does on AWS.
   */
  stateFile?: string;
  /** Called for every execution that ends FAILED (the local counterpart of the EventBridge status rule). */
  onStopped?: (execution: StoppedExecution) => Promise<unknown>;
  /**
   * The clock (epoch ms; default Date.now) that executions' start and stop dates are read from and that a resumed
   * Wait's time left is measured by (its deadline minus now). Tests set it instead of waiting for a deadline.
   */
  now?: () => number;
  /**
   * Tests: a folder where the stand-in notes each definition it has validated (by the SHA-256 of the definition
   * and the validator's version), so the next test file that starts the same definitions skips the validator,
   * which compiles its JSON schema anew for every state machine (~0.7 s of CPU each under jest). A definition
   * not noted there is validated as always. Absent (`npm start`): every start validates.
   */
  validatedDir?: string;
}

/** The error of an execution the local runtime stopped under (it did not fail by itself). */
export const RUNTIME_STOPPED_ERROR = 'Vigil.RuntimeStopped';

export interface RunningStepFunctions {
  endpoint: string;
  /**
   * Resumes the waits and ends the other executions a previous run left RUNNING (see
   * StepFunctionsOptions.stateFile); returns how many of each.
   */
  recoverInterrupted(): Promise<{ resumed: number; ended: number }>;
  arnOf(name: string): string;
  /** Resolves when every execution has finished, including those started meanwhile (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const ACCOUNT = '000000000000';
/** The generated ASL uses fake Lambda ARNs and CDK's paths; the stand-in checks neither. */
const VALIDATION = { validationOptions: { checkArn: false, checkPaths: false } };
const slow = (ms: number | undefined, names: string[]): Record<string, number> => Object.fromEntries(names.map((n) => [n, ms ?? 0]));

/**
 * A loopback server that speaks the Step Functions JSON protocol (StartExecution, DescribeExecution, and
 * ListExecutions for the reconciler) and runs
 * executions in-process with aws-local-stepfunctions. The functions call it through the real SDK with
 * STEPFUNCTIONS_ENDPOINT pointing here, so the code that starts a workflow on AWS is the code that runs locally.
 * Written by hand because no package offers this protocol over aws-local-stepfunctions; it implements only
 * the three operations the product uses.
 */
export async function startStepFunctions(machines: LocalMachine[], opts: StepFunctionsOptions = {}): Promise<RunningStepFunctions> {
  const region = opts.region ?? 'us-east-1';
  const now = opts.now ?? (() => Date.now());
  const arnOf = (name: string) => `arn:aws:states:${region}:${ACCOUNT}:stateMachine:${name}`;
  const byArn = new Map(machines.map((m) => [arnOf(m.name), m]));
  const compiled = new Map(machines.map((m) => [arnOf(m.name), compile(m.definition, opts.validatedDir)]));
  const executions = new Map<string, Execution>();
  /** The runs in progress, to stop the waiting ones at close (they resume at the next start). */
  const running = new Map<string, ReturnType<StateMachine['run']>>();
  /** Set by close(): an execution that reaches a Wait from now on is parked there instead of waiting it out. */
  let closing = false;
  /** Stops an execution that is in a Wait (see close()): it ends no state and runs nothing more. */
  const park = (exec: Execution) => {
    exec.parked = true;
    running.get(exec.executionArn)?.abort();
  };
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
    const all = [...persisted.values(), ...[...executions.values()].map(({ done: _done, parked: _parked, ...rest }) => rest)];
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    writeFileSync(`${opts.stateFile}.tmp`, JSON.stringify(all));
    renameSync(`${opts.stateFile}.tmp`, opts.stateFile);
  };
  const stopped = (e: Omit<Execution, 'done'>) =>
    opts.onStopped?.({ executionArn: e.executionArn, stateMachineArn: e.stateMachineArn, name: e.name, status: 'FAILED', input: e.input, error: e.error, cause: e.cause })
      .catch((err: Error) => logger.error('ending the work of a stopped execution failed', { executionArn: e.executionArn, error: err }));

  /**
   * Runs an execution's states: from the definition's StartAt, or (a resume) from the Wait state it was in,
   * that Wait lasting only until its original deadline. The rest of the run is the real definition: only its
   * entry point moves (aws-local-stepfunctions has no "start at state" option, so the definition is copied with
   * another StartAt, much as AWS's RedriveExecution restarts an execution from the state it stopped in).
   */
  const launch = (exec: Execution, machine: LocalMachine, input: Json, resumeAt?: WaitPosition) => {
    const stateNames = collectStateNames(machine.definition);
    const definition = resumeAt ? { ...machine.definition, StartAt: resumeAt.state } : undefined;
    // The copy is the validated definition with another StartAt, which leaves the states before it unreachable,
    // something the validator refuses: it is not validated again.
    const sm = definition ? new StateMachine(definition as never, { validationOptions: { noValidate: true } }) : compiled.get(exec.stateMachineArn)!;
    const waits = machine.waitMs === undefined ? {} : slow(machine.waitMs, stateNames.wait);
    // At least 1 ms: aws-local-stepfunctions reads an override of 0 as "none" and would wait the full time.
    if (resumeAt) waits[resumeAt.state] = Math.max(1, resumeAt.until - now());
    const run = sm.run(input, {
      overrides: {
        taskResourceLocalHandlers: machine.handlers as never,
        waitTimeOverrides: Object.keys(waits).length ? waits : undefined,
        retryIntervalOverrides: slow(machine.retryMs, stateNames.all),
      },
      noThrowOnAbort: true,
    });
    running.set(exec.executionArn, run);
    void followWaits(exec, machine, run.eventLogs, resumeAt);
    exec.done = run.result.then(
      (output) => {
        running.delete(exec.executionArn);
        if (exec.parked) return; // stopped by close() in a Wait: stays RUNNING on disk and resumes next start
        Object.assign(exec, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: now() / 1000, waiting: undefined });
        save();
      },
      (err: Error & { cause?: unknown }) => {
        running.delete(exec.executionArn);
        // aws-local-stepfunctions wraps the state's error; report the state's own error as the service does.
        const inner = err.cause instanceof Error ? err.cause : err;
        Object.assign(exec, { status: 'FAILED', error: inner.name, cause: inner.message, stopDate: now() / 1000, waiting: undefined });
        logger.warn('local execution failed', { executionArn: exec.executionArn, error: err.message });
        save();
        void stopped(exec);
      },
    );
  };

  /** Records on disk when the execution enters and leaves a top-level Wait state (see Execution.waiting). */
  const followWaits = async (exec: Execution, machine: LocalMachine, events: EventLogs, resumeAt?: WaitPosition) => {
    let carried = resumeAt;
    const states = (machine.definition as { States?: Record<string, Record<string, unknown>> }).States ?? {};
    try {
      for await (const ev of events) {
        if (exec.status !== 'RUNNING') return;
        if (ev.type !== 'StateEntered' && ev.type !== 'StateExited') continue;
        if (ev.index !== undefined || states[ev.state.name]?.Type !== 'Wait') continue;
        if (ev.type === 'StateExited') exec.waiting = undefined;
        else {
          // A resumed Wait keeps its original deadline; any later Wait gets its own.
          const until = carried && carried.state === ev.state.name ? carried.until : ev.timestamp + (machine.waitMs ?? waitDurationMs(states[ev.state.name]!, ev.state.input, ev.timestamp));
          carried = undefined;
          exec.waiting = { state: ev.state.name, input: ev.state.input, until };
        }
        save();
        // close() is waiting for this execution: it went on from a task into a Wait, so park it there as well.
        if (closing && exec.waiting) return park(exec);
      }
    } catch (err) {
      logger.warn('could not follow a local execution\'s states', { executionArn: exec.executionArn, error: err as Error });
    }
  };

  const start = (body: { stateMachineArn?: string; input?: string; name?: string }) => {
    const machine = body.stateMachineArn ? byArn.get(body.stateMachineArn) : undefined;
    if (!machine) return error(400, 'StateMachineDoesNotExist', `State machine does not exist: ${body.stateMachineArn}`);
    const name = body.name ?? randomUUID();
    const executionArn = `arn:aws:states:${region}:${ACCOUNT}:execution:${machine.name}:${name}`;
    if (executions.has(executionArn) || persisted.has(executionArn)) return error(400, 'ExecutionAlreadyExists', `Execution already exists: ${executionArn}`);
    const input = body.input ?? '{}';
    const exec: Execution = {
      executionArn,
      stateMachineArn: body.stateMachineArn!,
      name,
      status: 'RUNNING',
      startDate: now() / 1000,
      input,
      done: Promise.resolve(),
    };
    executions.set(executionArn, exec);
    launch(exec, machine, JSON.parse(input) as Json);
    save();
    return { status: 200, body: { executionArn, startDate: exec.startDate } };
  };
  const describe = (body: { executionArn?: string }) => {
    const e = body.executionArn ? (executions.get(body.executionArn) ?? persisted.get(body.executionArn)) : undefined;
    if (!e) return error(400, 'ExecutionDoesNotExist', `Execution does not exist: ${body.executionArn}`);
    const { done: _done, parked: _parked, waiting: _waiting, ...rest } = e as Execution;
    return { status: 200, body: rest };
  };
  // The reconciler's listing of stopped executions: newest first, one page (the local runtime keeps few).
  const list = (body: { stateMachineArn?: string; statusFilter?: string }) => {
    if (!body.stateMachineArn || !byArn.has(body.stateMachineArn)) return error(400, 'StateMachineDoesNotExist', `State machine does not exist: ${body.stateMachineArn}`);
    const all = [...persisted.values(), ...executions.values()].filter((e) => e.stateMachineArn === body.stateMachineArn && (!body.statusFilter || e.status === body.statusFilter));
    all.sort((a, b) => b.startDate - a.startDate);
    return { status: 200, body: { executions: all.map(({ executionArn, stateMachineArn, name, status, startDate, stopDate }) => ({ executionArn, stateMachineArn, name, status, startDate, stopDate })) } };
  };

  const server = createServer(sdkOnly(async (req: IncomingMessage, res: ServerResponse) => {
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
    if (target === 'AWSStepFunctions.ListExecutions') return send(res, list(parsed));
    send(res, error(400, 'UnknownOperationException', `Operation not supported by the local stand-in: ${target}`));
  }));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    recoverInterrupted: async () => {
      const interrupted = [...persisted.values()].filter((e) => e.status === 'RUNNING');
      let resumed = 0;
      const ended: Omit<Execution, 'done'>[] = [];
      for (const e of interrupted) {
        const machine = byArn.get(e.stateMachineArn);
        if (e.waiting && machine) {
          // A Wait has no side effect: carry on from it, ending at the deadline it had (at once if past).
          persisted.delete(e.executionArn);
          const exec: Execution = { ...e, done: Promise.resolve() };
          executions.set(e.executionArn, exec);
          launch(exec, machine, e.waiting.input, e.waiting);
          resumed++;
          continue;
        }
        Object.assign(e, {
          status: 'FAILED',
          error: RUNTIME_STOPPED_ERROR,
          cause: 'The local runtime stopped while this execution was running; its work was ended with a reason.',
          stopDate: now() / 1000,
        });
        ended.push(e);
      }
      if (interrupted.length) {
        save();
        logger.warn('executions interrupted by the last stop', { resumed, ended: ended.length });
      }
      await Promise.all(ended.map((e) => stopped(e)));
      return { resumed, ended: ended.length };
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
      // An execution in a Wait is stopped there, and so is one that reaches a Wait while closing: with a state
      // file it is left RUNNING on disk and resumes at the next start; in memory it ends with the runtime, as
      // everything else the runtime held does. A Wait has no side effect, so nothing is half-done. Without this,
      // close() waited out the submission's re-check (RECHECK_AFTER_SECONDS, a day on AWS) and the ladder's
      // later rungs. Every execution in a task or another state is let finish, so no task is cut off mid-write.
      closing = true;
      for (const e of executions.values()) if (e.waiting && e.status === 'RUNNING') park(e);
      await Promise.all([...executions.values()].map((e) => e.done));
      save();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The versions of aws-local-stepfunctions and of the validator it runs (asl-validator, its own dependency) are
 * part of what a note in `validatedDir` vouches for. Read on first use: a start without `validatedDir` (`npm start`)
 * never reads them.
 */
let validatorVersions: string | undefined;
function validatorVersion(): string {
  if (validatorVersions !== undefined) return validatorVersions;
  const version = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  try {
    const runner = require.resolve('aws-local-stepfunctions'); // <package>/build/main.node.cjs (package.json is not exported)
    validatorVersions = `${version(join(dirname(runner), '..', 'package.json'))}/${version(createRequire(runner).resolve(['asl-validator', 'package.json'].join('/')))}`;
  } catch {
    validatorVersions = 'unknown';
  }
  return validatorVersions;
}

/** A definition made runnable: validated as the service would, unless `validatedDir` notes it as validated before. */
function compile(definition: Record<string, unknown>, validatedDir?: string): StateMachine {
  if (!validatedDir) return new StateMachine(definition as never, VALIDATION);
  const note = join(validatedDir, `${createHash('sha256').update(JSON.stringify({ definition, VALIDATION, VALIDATOR: validatorVersion() })).digest('hex')}.ok`);
  if (existsSync(note)) return new StateMachine(definition as never, { validationOptions: { noValidate: true } });
  const machine = new StateMachine(definition as never, VALIDATION); // throws on an invalid definition: nothing noted
  mkdirSync(validatedDir, { recursive: true });
  writeFileSync(note, '');
  return machine;
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

/**
 * How long a Wait state waits (ms), from its own fields as the service reads them: Seconds, SecondsPath,
 * Timestamp or TimestampPath (paths are the simple `$.a.b` form CDK renders).
 */
export function waitDurationMs(state: Record<string, unknown>, input: Json, now: number): number {
  const at = (path: unknown): unknown =>
    typeof path === 'string' ? path.replace(/^\$\.?/, '').split('.').filter(Boolean).reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], input) : undefined;
  const seconds = state.Seconds ?? at(state.SecondsPath);
  if (typeof seconds === 'number') return seconds * 1000;
  const stamp = state.Timestamp ?? at(state.TimestampPath);
  if (typeof stamp === 'string' && !Number.isNaN(Date.parse(stamp))) return Math.max(0, Date.parse(stamp) - now);
  return 0;
}
