import { describe, expect, it } from 'vitest';
import { clientGroup, networkGroup } from './client-address.ts';

describe('clientGroup', () => {
  it('keeps an IPv4 address as it is, also when written as IPv4-mapped IPv6', () => {
    expect(clientGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    const group = '2001:db8:0:1::/64';
    expect(clientGroup('2001:db8:0:1::1')).toBe(group);
    expect(clientGroup('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(group);
    expect(clientGroup('2001:DB8:0:1:a:b:c:d')).toBe(group);
    expect(clientGroup('2001:db8:0:2::1')).not.toBe(group);
    expect(clientGroup('::1')).toBe('0:0:0:0::/64');
  });
});

describe('networkGroup', () => {
  it('groups IPv4 addresses by their /24, mapped ones too, and IPv6 ones by their /64', () => {
    expect(networkGroup('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkGroup('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  });
});
