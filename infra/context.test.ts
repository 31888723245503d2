import { App } from 'aws-cdk-lib';
import { readVigilContext } from './context';

const read = (context: Record<string, unknown>) => readVigilContext(new App({ context }));

describe('readVigilContext', () => {
  it('falls back to the documented defaults', () => {
    expect(read({})).toEqual({
      siteUrl: 'https://vigil.example.com',
      authDomainPrefix: undefined,
      certificateArn: undefined,
      webAclArn: undefined,
      requireMfa: false,
      logRetentionDays: 30,
      apiRateLimit: 50,
      apiBurstLimit: 100,
      services: { providerSecretArn: undefined, mailFrom: undefined, sesConfigurationSet: undefined, bedrockModelId: undefined },
      functionEnv: {},
    });
  });

  it('normalises siteUrl to its origin and reads numbers given as strings by -c', () => {
    const ctx = read({ siteUrl: 'https://Vigil.Example.org/', apiRateLimit: '20', authDomainPrefix: 'vigil-prod' });
    expect(ctx).toMatchObject({ siteUrl: 'https://vigil.example.org', apiRateLimit: 20, authDomainPrefix: 'vigil-prod' });
  });

  it('refuses a siteUrl Cognito and the Secure cookie cannot work with', () => {
    expect(() => read({ siteUrl: 'http://vigil.example.com' })).toThrow(/https origin/);
    expect(() => read({ siteUrl: 'https://vigil.example.com/app' })).toThrow(/without a path/);
    expect(() => read({ siteUrl: 'vigil.example.com' })).toThrow(/absolute URL/);
    expect(() => read({ apiBurstLimit: 'lots' })).toThrow(/apiBurstLimit/);
  });

  it('checks service settings and extra function variables', () => {
    expect(() => read({ providerSecretArn: 'vigil/providers' })).toThrow(/full ARN/);
    expect(() => read({ mailFrom: 'not-an-address' })).toThrow(/mailFrom/);
    expect(() => read({ functionEnv: { agent_name: 'x' } })).toThrow(/UPPER_CASE/);
    expect(() => read({ functionEnv: { AGENT_PHONE: 5550100 } })).toThrow(/string value/);
    expect(read({ functionEnv: { AGENT_NAME: 'Jane Roe' }, bedrockModelId: 'amazon.nova-lite-v1:0' })).toMatchObject({
      functionEnv: { AGENT_NAME: 'Jane Roe' },
      services: { bedrockModelId: 'amazon.nova-lite-v1:0' },
    });
  });
});
