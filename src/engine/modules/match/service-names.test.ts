/**
 * Port names and numbers as iptables 1.8.9 reads them (each case checked with iptables-restore
 * --test): tcp's options take a name /etc/services lists for tcp (`bootps`, udp only, is refused:
 * "invalid port/service `bootps' specified"), udp's take any listed name (`http` loads), multiport
 * and sctp ask for the rule's own protocol (`-p sctp -m multiport --dports http` is refused);
 * numbers are read as strtoul reads them, sctp's too (`--sport 0x50` is 80).
 */
import { describe, expect, it } from 'vitest';
import { one } from './test-kit.ts';

const errors = (body: string) => one(body).diagnostics.filter((d) => d.severity === 'error');

describe('service names and port numbers by protocol', () => {
  it('takes a tcp name in tcp’s options, and any name in udp’s', () => {
    expect(errors('-p tcp -m tcp --dport domain')).toEqual([]);
    expect(errors('-p tcp -m tcp --dport bootps').map((d) => d.code)).toEqual(['bad-port']);
    expect(errors('-p tcp -m tcp --sport 1000:ntp').map((d) => d.code)).toEqual(['bad-port']);
    expect(errors('-p udp -m udp --dport http')).toEqual([]);
    expect(errors('-p udp -m udp --dport bootps')).toEqual([]);
  });

  it('looks multiport names up for the rule’s protocol', () => {
    expect(errors('-p tcp -m multiport --dports http,https')).toEqual([]);
    expect(errors('-p udp -m multiport --dports ntp,domain')).toEqual([]);
    expect(errors('-p udp -m multiport --dports http').map((d) => d.code)).toEqual(['bad-port']);
    expect(errors('-p sctp -m multiport --dports http,https').map((d) => d.code)).toEqual([
      'bad-port',
    ]);
    expect(errors('-p sctp -m multiport --dports 80,443')).toEqual([]);
  });

  it('reads sctp port numbers as strtoul does, and no names', () => {
    const r = one('-p sctp -m sctp --sport 0x50 --dport 017');
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.saved).toBe('-p sctp -m sctp --sport 80 --dport 15');
    expect(errors('-p sctp -m sctp --sport http').map((d) => d.code)).toEqual(['bad-port']);
  });
});
