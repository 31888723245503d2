import { fork, type ChildProcess } from 'node:child_process';
import { logger } from '../../functions/lib/logger';
import { layerEnvironment, type BuiltBundle, type BuiltBundles } from './build';

/** What the runner sends back (local/bundles/runner.mjs describes the protocol). */
type ChildMessage =
  | { type: 'ready' }
  | { type: 'init-error'; error: RemoteError }
  | { type: 'result'; id: string; ok: true; value: unknown }
  | { type: 'result'; id: string; ok: false; error: RemoteError };

interface RemoteError {
  name: string;
  message: string;
  stack?: string;
}

interface Environment {
  child: ChildProcess;
  ready: Promise<void>;
  pending: Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>;
}

/** An error thrown by a function in its child process, with the function's own error name (for Retry/Catch). */
export class FunctionError extends Error {
  constructor(remote: RemoteError, functionName: string) {
    super(remote.message);
    this.name = remote.name;
    this.stack = `${remote.name}: ${remote.message}\n    in bundle ${functionName}${remote.stack ? `\n${remote.stack.split('\n').slice(1).join('\n')}` : ''}`;
  }
}

/**
 * Runs each function's bundle in its own child Node process, started on first use (a cold start) from the
 * bundle's copy outside the repository, and invokes it over IPC with the event Lambda would get. A child's
 * environment is the runtime's (process.env when it starts) plus what Lambda adds: its layers' NODE_PATH
 * (media, PDF) and FFMPEG_PATH/FFPROBE_PATH for the functions that have those layers on AWS, and
 * `--enable-source-maps`. An invocation that outlives the function's Lambda timeout fails with
 * `Sandbox.Timedout` and its process is ended, as Lambda does; the next invocation starts a new one.
 * One process serves concurrent invocations (Lambda would start more environments; the handlers do not rely
 * on either).
 */
export class BundlePool {
  private readonly environments = new Map<string, Environment>();
  private sequence = 0;
  private closed = false;

  constructor(private readonly built: BuiltBundles) {}

  get dir(): string {
    return this.built.dir;
  }

  has(name: string): boolean {
    return this.built.bundles.has(name);
  }

  /** Invokes function `name` with `payload` (an API Gateway v2 event, or a workflow task's input). */
  async invoke(name: string, payload: unknown): Promise<unknown> {
    const bundle = this.built.bundles.get(name);
    if (!bundle) throw new Error(`no bundle was built for function "${name}"`);
    const env = this.environment(bundle);
    await env.ready;
    const id = `${name}-${++this.sequence}`;
    const timeoutMs = bundle.spec.timeoutSeconds * 1000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        env.pending.delete(id);
        reject(Object.assign(new Error(`Task timed out after ${bundle.spec.timeoutSeconds.toFixed(2)} seconds`), { name: 'Sandbox.Timedout' }));
        this.end(name, env, 'timed out');
      }, timeoutMs);
      env.pending.set(id, { resolve, reject, timer });
      env.child.send({ type: 'invoke', id, payload, deadline: Date.now() + timeoutMs });
    });
  }

  /** Ends every child process. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [...this.environments.entries()].map(
        ([name, env]) =>
          new Promise<void>((resolve) => {
            if (env.child.exitCode !== null || env.child.signalCode !== null) return resolve();
            env.child.once('exit', () => resolve());
            this.end(name, env, 'runtime closing');
          }),
      ),
    );
  }

  private environment(bundle: BuiltBundle): Environment {
    if (this.closed) throw new Error('the bundle runtime is closed');
    const existing = this.environments.get(bundle.spec.name);
    if (existing) return existing;

    const { NODE_OPTIONS: _nodeOptions, NODE_PATH: _nodePath, ...inherited } = process.env;
    const layers = layerEnvironment(this.built, bundle.spec);
    const child = fork(this.built.runner, [bundle.file, 'handler'], {
      cwd: bundle.dir,
      // Not the parent's (tsx) loader flags: the bundle runs on plain Node, as on Lambda.
      execArgv: ['--enable-source-maps'],
      env: {
        ...inherited,
        ...layers,
        LAMBDA_TASK_ROOT: bundle.dir,
        // The SDK's notice that it will need Node 22 from 2027 is about this machine's Node 20, not the Lambda
        // runtime (nodejs22.x), and each child would print it once.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        VIGIL_FUNCTION_NAME: `vigil-${bundle.spec.name}`,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pending: Environment['pending'] = new Map();
    let readyResolve!: () => void;
    let readyReject!: (e: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    ready.catch(() => undefined);
    const env: Environment = { child, ready, pending };
    this.environments.set(bundle.spec.name, env);

    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') return readyResolve();
      if (message.type === 'init-error') {
        logger.error('bundle failed to load', { function: bundle.spec.name, error: message.error });
        return readyReject(new FunctionError({ ...message.error, name: 'Runtime.ImportModuleError' }, bundle.spec.name));
      }
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      clearTimeout(call.timer);
      if (message.ok) call.resolve(message.value);
      else call.reject(new FunctionError(message.error, bundle.spec.name));
    });
    child.on('exit', (code, signal) => {
      if (this.environments.get(bundle.spec.name) === env) this.environments.delete(bundle.spec.name);
      const reason = `the process of function ${bundle.spec.name} exited (${signal ?? `code ${code}`})`;
      readyReject(Object.assign(new Error(reason), { name: 'Runtime.ExitError' }));
      for (const [id, call] of pending) {
        clearTimeout(call.timer);
        call.reject(Object.assign(new Error(reason), { name: 'Runtime.ExitError' }));
        pending.delete(id);
      }
    });
    return env;
  }

  private end(name: string, env: Environment, why: string): void {
    if (this.environments.get(name) === env) this.environments.delete(name);
    logger.debug('ending function process', { function: name, why });
    env.child.kill('SIGKILL');
  }
}
