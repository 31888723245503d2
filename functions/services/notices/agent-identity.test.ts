import { AGENT_DEFAULTS, agentIdentityConfig as readAgentIdentity } from '../../lib/config';

describe('readAgentIdentity', () => {
  it('falls back to the fictional local defaults', () => {
    const agent = readAgentIdentity({ AGENT_NAME: '  ' });
    expect(agent).toEqual(AGENT_DEFAULTS);
    expect(agent.email.endsWith('@example.com')).toBe(true);
  });

  it('reads each variable', () => {
    expect(
      readAgentIdentity({
        AGENT_NAME: 'Riley Agent',
        AGENT_COMPANY: 'Acme Protection LLC',
        AGENT_ADDRESS: '1 Main St\nTown, ST 00000',
        AGENT_EMAIL: 'dmca@acme.example',
        AGENT_PHONE: '+1 555 0100',
        AGENT_SIGNATURE_NAME: 'Riley Agent',
      }),
    ).toEqual({
      name: 'Riley Agent',
      company: 'Acme Protection LLC',
      address: '1 Main St\nTown, ST 00000',
      email: 'dmca@acme.example',
      phone: '+1 555 0100',
      signatureName: 'Riley Agent',
    });
  });

  it('refuses a malformed e-mail rather than sending notices with it', () => {
    expect(() => readAgentIdentity({ AGENT_EMAIL: 'not-an-address' })).toThrow(/AGENT_EMAIL/);
  });
});
