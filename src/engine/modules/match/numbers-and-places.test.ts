/**
 * Module readings the differential test against iptables-restore found (tests/kernel/differential):
 * ports in octal or hex, the options that read decimal only, TCPMSS's last option winning,
 * physdev's output port in OUTPUT, and hashlimit's interval without rate-match.
 */
import { describe, expect, it } from 'vitest';
import { one } from './test-kit.ts';

const codes = (r: ReturnType<typeof one>) => r.diagnostics.map((d) => `${d.severity} ${d.code}`);

describe('what iptables 1.8.9 reads in these modules', () => {
  it('reads a port in octal or hex as strtoul does (tcp, multiport), with a warning', () => {
    const tcp = one('-p tcp -m tcp --dport 026 --sport 0x10:100');
    expect(tcp.saved).toBe('-p tcp -m tcp --sport 16:100 --dport 22');
    expect(codes(tcp)).toEqual(['warning respelled', 'warning respelled']);
    const multi = one('-p tcp -m multiport --dports 0x50,026');
    expect(multi.saved).toBe('-p tcp -m multiport --dports 80,22');
    expect(codes(multi)).toEqual(['warning respelled']);
    expect(codes(one('-p tcp -m tcp --dport 00080'))).toEqual(['error bad-port']);
  });

  it('reads conntrack ports and TPROXY --on-port in decimal only', () => {
    expect(one('-m conntrack --ctorigsrcport 026').saved).toBe('-m conntrack --ctorigsrcport 26');
    const tproxy = one('-p tcp -j TPROXY --on-port 0x50', { table: 'mangle', chain: 'PREROUTING' });
    expect(codes(tproxy)).toContain('error bad-port');
  });

  it('TCPMSS: of --set-mss and --clamp-mss-to-pmtu the last wins, and only it is checked', () => {
    const r = one('-p tcp -j TCPMSS --clamp-mss-to-pmtu --set-mss 536');
    expect(r.saved).toBe('-p tcp -j TCPMSS --set-mss 536');
    expect(codes(r)).toEqual([]);
    expect(codes(one('-p tcp -j TCPMSS --set-mss 536 --clamp-mss-to-pmtu'))).toEqual([
      'error target-not-allowed',
    ]);
  });

  it('physdev: the kernel refuses an output port in OUTPUT unless the packet is bridged', () => {
    const out = { chain: 'OUTPUT' };
    expect(codes(one('-m physdev --physdev-out eth0', out))).toEqual(['error target-not-allowed']);
    expect(codes(one('-m physdev ! --physdev-is-out', out))).toEqual(['error target-not-allowed']);
    expect(codes(one('-m physdev --physdev-out eth0 --physdev-is-bridged', out))).toEqual([]);
    expect(codes(one('-m physdev --physdev-in eth0', out))).toEqual([]);
    expect(codes(one('-m physdev --physdev-out eth0', { chain: 'FORWARD' }))).toEqual([]);
  });

  it('hashlimit: an interval without --hashlimit-rate-match is dropped, as iptables drops it', () => {
    const a = one(
      '-m hashlimit --hashlimit-upto 10/sec --hashlimit-rate-interval 5 --hashlimit-name h1',
    );
    const b = one('-m hashlimit --hashlimit-upto 10/sec --hashlimit-name h1');
    expect(a.saved).toBe(
      '-m hashlimit --hashlimit-upto 10/sec --hashlimit-burst 5 --hashlimit-name h1',
    );
    expect(a.rule!.matches).toEqual(b.rule!.matches);
  });

  it('warns, naming the full spelling, for a name written in another case or shortened', () => {
    for (const body of [
      '-m pkttype --pkt-type BROADCAST',
      '-p icmp -m icmp --icmp-type ECHO-REPLY',
      '-p icmp -m icmp --icmp-type echo-req',
      '-p tcp -m tcp --tcp-flags syn,ack SYN',
      '-p icmp -j REJECT --reject-with icmp-port',
    ])
      expect(codes(one(body)), body).toEqual(['warning respelled']);
    expect(codes(one('-p icmp -j REJECT --reject-with icmp-port-unreachable'))).toEqual([]);
  });
});
