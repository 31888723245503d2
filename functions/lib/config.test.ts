import { DEFAULT_RECHECK_AFTER_SECONDS, assistantConfig, config, dnsOverHttpsUrl, mailConfig, recheckAfterSeconds, resetConfig } from './config';

/*
 * Local-only switches are refused inside Lambda (AWS_LAMBDA_FUNCTION_NAME is set by the Lambda runtime):
 * MONITOR_INTERVAL_OVERRIDE_SECONDS would make every deployed monitor run every few seconds, and
 * REFERENCE_HASH_MEMO_ENTRIES would keep reference hashes in a warm function's memory.
 */

const VARS = ['AWS_LAMBDA_FUNCTION_NAME', 'MONITOR_INTERVAL_OVERRIDE_SECONDS', 'REFERENCE_HASH_MEMO_ENTRIES'] as const;
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

describe('REFERENCE_HASH_MEMO_ENTRIES', () => {
  it('is off by default, applies on the local runtime, and is refused inside Lambda', () => {
    withEnv({});
    expect(config().referenceHashMemoEntries).toBe(0);
    withEnv({ REFERENCE_HASH_MEMO_ENTRIES: '16' });
    expect(config().referenceHashMemoEntries).toBe(16);
    withEnv({ AWS_LAMBDA_FUNCTION_NAME: 'vigil-search-fingerprint', REFERENCE_HASH_MEMO_ENTRIES: '16' });
    expect(() => config()).toThrow('REFERENCE_HASH_MEMO_ENTRIES is for the local runtime and tests only and is refused on AWS.');
  });
});

describe('call-time configuration groups', () => {
  it('reads the re-check wait, refusing a value that is not whole seconds within a year by name', () => {
    expect(recheckAfterSeconds({})).toBe(DEFAULT_RECHECK_AFTER_SECONDS);
    expect(recheckAfterSeconds({ RECHECK_AFTER_SECONDS: ' ' })).toBe(DEFAULT_RECHECK_AFTER_SECONDS);
    expect(recheckAfterSeconds({ RECHECK_AFTER_SECONDS: '0' })).toBe(0);
    expect(recheckAfterSeconds({ RECHECK_AFTER_SECONDS: '3600' })).toBe(3600);
    for (const bad of ['abc', '-1', '1.5', String(366 * 86_400)]) {
      expect(() => recheckAfterSeconds({ RECHECK_AFTER_SECONDS: bad })).toThrow(/Invalid re-check configuration: RECHECK_AFTER_SECONDS/);
    }
  });

  it('types the mail settings, empty meaning unset, and names a malformed SES endpoint', () => {
    expect(mailConfig({ OUTBOX_DIR: ' /tmp/out ', MAIL_FROM: '' })).toEqual({ outboxDir: '/tmp/out', mailFrom: undefined, sesEndpoint: undefined, sesConfigurationSet: undefined, region: 'us-east-1' });
    expect(() => mailConfig({ SES_ENDPOINT: 'not a url' })).toThrow(/SES_ENDPOINT/);
  });

  it('reads the assistant and DNS settings, naming a bad value', () => {
    expect(assistantConfig({ BEDROCK_MODEL_ID: ' ', AWS_REGION: 'eu-west-1' })).toEqual({ bedrockModelId: undefined, region: 'eu-west-1', bedrockEndpoint: undefined, requestTimeoutMs: 20_000 });
    expect(() => assistantConfig({ BEDROCK_TIMEOUT_MS: 'soon' })).toThrow(/BEDROCK_TIMEOUT_MS/);
    expect(dnsOverHttpsUrl({ DNS_OVER_HTTPS_URL: '' })).toBeUndefined();
    expect(() => dnsOverHttpsUrl({ DNS_OVER_HTTPS_URL: 'resolver' })).toThrow(/DNS_OVER_HTTPS_URL/);
  });
});
