import { describe, expect, it } from 'vitest';
import { accountKey, ipKey } from './throttle-keys.ts';

describe('throttle keys', () => {
  it('counts one account however its name is cased or widened', () => {
    expect(accountKey('Admin')).toBe(accountKey('admin'));
    expect(accountKey('ＡＤＭＩＮ')).toBe('admin');
    expect(accountKey('admin')).not.toBe(accountKey('admin2'));
  });

  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:3::1')).not.toBe(ipKey('2001:db8:1:2::1'));
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(ipKey(undefined)).toBe('unknown');
  });
});
