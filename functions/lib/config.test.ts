import { config, resetConfig } from './config';

/*
 * Local-only switches are refused inside Lambda (AWS_LAMBDA_FUNCTION_NAME is set by the Lambda runtime):
 * MONITOR_INTERVAL_OVERRIDE_SECONDS would make every deployed monitor run every few seconds.
 */

const VARS = ['AWS_LAMBDA_FUNCTION_NAME', 'MONITOR_INTERVAL_OVERRIDE_SECONDS'] as const;
const saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));

function withEnv(env: Partial<Record<(typeof VARS)[number], string>>) {
  for (const k of VARS) delete process.env[k];
  Object.assign(process.env, env);
  resetConfig();
}

afterEach(() => {
  for (const k of VARS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfig();
});

describe('MONITOR_INTERVAL_OVERRIDE_SECONDS', () => {
  it('is refused inside Lambda', () => {
    withEnv({ AWS_LAMBDA_FUNCTION_NAME: 'vigil-monitors-dispatcher', MONITOR_INTERVAL_OVERRIDE_SECONDS: '20' });
    expect(() => config()).toThrow('MONITOR_INTERVAL_OVERRIDE_SECONDS is for the local runtime only and is refused on AWS.');
  });

  it('applies on the local runtime, and Lambda without it starts', () => {
    withEnv({ MONITOR_INTERVAL_OVERRIDE_SECONDS: '20' });
    expect(config().monitorIntervalOverrideSeconds).toBe(20);
    withEnv({ AWS_LAMBDA_FUNCTION_NAME: 'vigil-monitors-dispatcher' });
    expect(config().monitorIntervalOverrideSeconds).toBeUndefined();
  });
});
