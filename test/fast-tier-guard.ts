// Runs before every file of the fast tier (jest.config.ts, setupFilesAfterEnv): a fast test starts nothing, so
// listening on a port or starting a process fails here, with the way out. The rule: test/tiers.ts.
import childProcess from 'node:child_process';
import net from 'node:net';

/** Set on the shared core modules: jest runs both tiers' files in the same workers, one file at a time. */
const ACTIVE = Symbol.for('vigil.fastTierGuard.active');
const INSTALLED = Symbol.for('vigil.fastTierGuard.installed');
type Flagged = { [ACTIVE]?: boolean; [INSTALLED]?: boolean };

const refuse = (what: string) =>
  new Error(
    `${what} in the fast tier. A test that starts a server, a stand-in or a process is an integration test: write ` +
      '`@integration` in its first comment, saying what it starts (the rule: test/tiers.ts; `npm run test:tiers` lists the tiers).',
  );

const flags = childProcess as unknown as Flagged;
if (!flags[INSTALLED]) {
  flags[INSTALLED] = true;
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    if (flags[ACTIVE]) throw refuse('A server listening on a port');
    return listen.apply(this, args as never);
  } as typeof listen;
  const cp = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    const original = cp[name]!;
    cp[name] = function (this: unknown, ...args: unknown[]) {
      if (flags[ACTIVE]) throw refuse(`A child process (${name} ${String(args[0])})`);
      return original.apply(this, args);
    };
  }
}
flags[ACTIVE] = true;
// test/setup.ts turns it off again before any other file (of either tier) runs in this worker.
afterAll(() => {
  flags[ACTIVE] = false;
});
