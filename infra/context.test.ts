import { App } from 'aws-cdk-lib';
import { readVigilContext } from './context';

const read = (context: Record<string, unknown>) => readVigilContext(new App({ context }));

/** Every setting a prod stage needs, none of them an example value. */
const PROD = {
  stage: 'prod',
  siteUrl: 'https://vigil.acme-protect.com',
  mailFrom: 'dmca@acme-protect.com',
  supportEmail: 'support@acme-protect.com',
  alarmEmail: 'ops@acme-protect.com',
  agentName: 'Jane Roe',
  agentCompany: 'Acme Protect, Inc.',
  agentAddress: '1 Main Street; Springfield, CA 90000; United States',
  agentEmail: 'dmca@acme-protect.com',
  agentPhone: '+1 415 555 2671',
  providerSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123',
  stripeSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/stripe-AbC123',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8695-a4b3c2d1e0f9',
};

describe('readVigilContext', () => {
  it('falls back to the documented defaults', () => {
    expect(read({})).toEqual({
      stage: 'dev',
      siteUrl: 'https://vigil.example.com',
      authDomainPrefix: undefined,
      certificateArn: undefined,
      webAclArn: undefined,
      waf: 'none',
      apiCertificateArn: undefined,
      requireMfa: false,
      logRetentionDays: 30,
      apiRateLimit: 50,
      apiBurstLimit: 100,
      sesDailyQuota: 50_000,
      providerSearchesPerMonth: 5_000,
      monthlyBudgetUsd: 1000,
      services: { providerSecretArn: undefined, mailFrom: undefined, sesConfigurationSet: undefined, bedrockModelId: undefined, stripeSecretArn: undefined },
      supportEmail: undefined,
      alarmEmail: undefined,
      agent: { name: undefined, company: undefined, address: undefined, email: undefined, phone: undefined },
      recheckAfterSeconds: undefined,
      functionEnv: {},
      billingMode: 'none',
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

  it('chooses the billing mode: stripe with a Stripe secret, none without, demo never with stage=prod', () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/stripe-AbC123';
    expect(read({}).billingMode).toBe('none');
    expect(read({ ...PROD, stripeSecretArn: arn })).toMatchObject({ billingMode: 'stripe', services: { stripeSecretArn: arn } });
    expect(read({ billing: 'demo' }).billingMode).toBe('demo');
    expect(() => read({ ...PROD, billing: 'demo' })).toThrow(/billing=demo is refused with stage=prod/);
    expect(() => read({ billing: 'stripe' })).toThrow(/stripeSecretArn/);
    expect(() => read({ billing: 'free' })).toThrow(/demo, stripe or none/);
    expect(() => read({ stripeSecretArn: 'sk_live_123' })).toThrow(/full ARN/);
  });
});

describe('stages', () => {

  it('is dev unless told otherwise, and refuses an unknown stage', () => {
    expect(read({}).stage).toBe('dev');
    expect(() => read({ stage: 'staging' })).toThrow(/stage must be one of dev, prod/);
  });

  it('refuses prod without settings, naming every missing key in one message', () => {
    let message = '';
    try {
      read({ stage: 'prod' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/stage=prod/);
    expect(message).toContain('siteUrl, mailFrom, supportEmail, alarmEmail, agentName, agentCompany, agentAddress, agentEmail, agentPhone');
  });

  it('refuses example.com and .example values in prod, and names only those', () => {
    expect(() => read({ ...PROD, siteUrl: 'https://vigil.example.com', supportEmail: 'support@vigil.example' })).toThrow(
      /of: siteUrl, supportEmail \(/,
    );
  });

  it('accepts prod with every setting real', () => {
    expect(read(PROD)).toMatchObject({
      stage: 'prod',
      siteUrl: 'https://vigil.acme-protect.com',
      supportEmail: 'support@acme-protect.com',
      alarmEmail: 'ops@acme-protect.com',
      agent: { name: 'Jane Roe', email: 'dmca@acme-protect.com', phone: '+1 415 555 2671' },
    });
  });
});

describe('prod deploys that work the first time (issue 27)', () => {
  const without = (...keys: (keyof typeof PROD)[]) => Object.fromEntries(Object.entries(PROD).filter(([k]) => !keys.includes(k as keyof typeof PROD)));

  it('refuses a missing provider secret', () => {
    expect(() => read(without('providerSecretArn'))).toThrow(/refuses to deploy without: providerSecretArn/);
  });

  it('requires Stripe unless billing=none is stated', () => {
    expect(() => read(without('stripeSecretArn'))).toThrow(/stripeSecretArn .*or -c billing=none/);
    expect(read({ ...without('stripeSecretArn'), billing: 'none' })).toMatchObject({ billingMode: 'none' });
    expect(read(PROD)).toMatchObject({ billingMode: 'stripe' });
  });

  it('requires a us-east-1 certificate for the custom domain, which the API reuses unless given its own', () => {
    expect(() => read(without('certificateArn'))).toThrow(/certificateArn \(an ACM certificate in us-east-1/);
    expect(() => read({ ...PROD, certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' })).toThrow(/in us-east-1/);
    expect(read(PROD)).toMatchObject({ certificateArn: PROD.certificateArn, apiCertificateArn: PROD.certificateArn });
    const regional = 'arn:aws:acm:eu-west-1:123456789012:certificate/abc-123';
    expect(read({ ...PROD, apiCertificateArn: regional }).apiCertificateArn).toBe(regional);
  });

  it('names every missing prod requirement in one message', () => {
    expect(() => read(without('providerSecretArn', 'stripeSecretArn', 'certificateArn'))).toThrow(/providerSecretArn .*; stripeSecretArn .*; certificateArn/);
  });

  it('turns the managed WAF on by default in prod, off in dev; webAclArn or waf=none replace it', () => {
    expect(read(PROD).waf).toBe('managed');
    expect(read({}).waf).toBe('none');
    expect(read({ ...PROD, waf: 'none' }).waf).toBe('none');
    const acl = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/vigil/abc';
    expect(read({ ...PROD, webAclArn: acl })).toMatchObject({ waf: 'none', webAclArn: acl });
    expect(() => read({ ...PROD, webAclArn: acl, waf: 'managed' })).toThrow(/exclude each other/);
    expect(() => read({ waf: 'on' })).toThrow(/managed or none/);
  });
});
