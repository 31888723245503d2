import ipaddr from 'ipaddr.js';

/** The one IPv6 block that holds global unicast addresses (RFC 4291); everything else is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name (`loopback`, `private`, `linkLocal`, `ipv4Mapped:loopback`...) or `invalid`. */
  range: string;
}

/**
 * Decides whether the fetcher may connect to an IP address. An allowlist, not a blocklist: only IPv4 `unicast`
 * and IPv6 global unicast (2000::/3) outside every special range pass. That refuses loopback, RFC 1918,
 * CGNAT, link-local (cloud metadata at 169.254.169.254), 0.0.0.0/8, multicast, broadcast, reserved and
 * documentation blocks, ULA, NAT64/6to4/Teredo (which embed IPv4 addresses) and IPv4-compatible ::a.b.c.d.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
 */
export function checkAddress(ip: string): AddressVerdict {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return { allowed: false, range: 'invalid' };
  }
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    const v4 = (addr as ipaddr.IPv6).toIPv4Address();
    const range = v4.range();
    return { allowed: range === 'unicast', range: `ipv4Mapped:${range}` };
  }
  const range = addr.range();
  if (addr.kind() === 'ipv4') return { allowed: range === 'unicast', range };
  const inGlobal = (addr as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
  return { allowed: range === 'unicast' && inGlobal, range: inGlobal ? range : range === 'unicast' ? 'nonGlobal' : range };
}
