import * as z from 'zod';
import { environment, type Environment } from '../../lib/config';

/**
 * The company's DMCA agent: the identity every notice is filed and signed under, so the creator's own name,
 * address, phone and e-mail never reach a host or a search engine (17 U.S.C. 512(c)(3)(A) lets an authorized
 * agent sign and be the contact). Configured by environment; the defaults are clearly fictional local values
 * (example.com, a 555-01xx number) so a local notice can never be mistaken for a real one.
 */
export interface AgentIdentity {
  /** The agent's name as it appears in the contact block ("Name" on the search engines' forms). */
  name: string;
  /** The company the agent acts for ("Company" on the forms). */
  company: string;
  /** Postal address, one string; newlines or semicolons separate its lines. */
  address: string;
  email: string;
  phone: string;
  /** Name typed after "/s/" as the electronic signature. */
  signatureName: string;
}

export const AGENT_DEFAULTS: AgentIdentity = {
  name: 'Vigil DMCA Agent',
  company: 'Vigil Content Protection, Inc.',
  address: '100 Example Avenue, Suite 400; Springfield, CA 90000; United States',
  email: 'dmca-agent@example.com',
  phone: '+1 (555) 010-0199',
  signatureName: 'Vigil Content Protection, Inc., DMCA Agent',
};

const text = z.string().trim().min(1);
const schema = z.object({
  AGENT_NAME: text.default(AGENT_DEFAULTS.name),
  AGENT_COMPANY: text.default(AGENT_DEFAULTS.company),
  AGENT_ADDRESS: text.default(AGENT_DEFAULTS.address),
  AGENT_EMAIL: z.string().trim().email().default(AGENT_DEFAULTS.email),
  AGENT_PHONE: text.default(AGENT_DEFAULTS.phone),
  AGENT_SIGNATURE_NAME: text.default(AGENT_DEFAULTS.signatureName),
});

/**
 * Reads the agent identity from an environment (defaults to the process environment, from lib/config). Empty variables count as unset.
 * Throws a ZodError naming the variable when one is set but invalid (e.g. a malformed AGENT_EMAIL), so a
 * misconfigured deployment fails at start rather than sending notices with a bad contact address.
 */
export function readAgentIdentity(env: Environment = environment()): AgentIdentity {
  const present = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('AGENT_') && v?.trim()));
  const parsed = schema.parse(present);
  return {
    name: parsed.AGENT_NAME,
    company: parsed.AGENT_COMPANY,
    address: parsed.AGENT_ADDRESS,
    email: parsed.AGENT_EMAIL,
    phone: parsed.AGENT_PHONE,
    signatureName: parsed.AGENT_SIGNATURE_NAME,
  };
}

let cached: AgentIdentity | undefined;

/** The process-wide agent identity, read from the environment once. */
export function agentIdentity(): AgentIdentity {
  cached ??= readAgentIdentity();
  return cached;
}

/** Forgets the cached identity (tests, local runtime start). */
export function resetAgentIdentity(): void {
  cached = undefined;
}
