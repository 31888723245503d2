import { agentIdentityConfig, perConfig, type AgentIdentity } from '../../lib/config';

/**
 * The company's DMCA agent: the identity every notice is filed and signed under, so the creator's own name,
 * address, phone and e-mail never reach a host or a search engine (17 U.S.C. 512(c)(3)(A) lets an authorized
 * agent sign and be the contact). Configured by environment, read and checked in lib/config.ts
 * (`agentIdentityConfig`, with clearly fictional local defaults).
 */
export type { AgentIdentity };
export { AGENT_DEFAULTS } from '../../lib/config';

/** The process-wide agent identity, read from the environment once per configuration. */
export const agentIdentity: () => AgentIdentity = perConfig(() => agentIdentityConfig());
