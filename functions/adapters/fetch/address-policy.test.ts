import { checkAddress } from './address-policy';

describe('checkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
    ['::ffff:10.0.0.1', 'ipv4Mapped:private'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['not-an-ip', 'invalid'],
  ])('refuses %s (%s)', (ip, range) => {
    expect(checkAddress(ip)).toEqual({ allowed: false, range });
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])('allows public %s', (ip) => {
    expect(checkAddress(ip).allowed).toBe(true);
  });

  it('refuses IPv6 outside global unicast even when ipaddr.js calls it unicast', () => {
    expect(checkAddress('::7f00:1')).toEqual({ allowed: false, range: 'nonGlobal' });
  });
});
