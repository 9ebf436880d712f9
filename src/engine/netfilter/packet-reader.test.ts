import { describe, expect, it } from 'vitest';
import { formatFieldDiagnostic } from './fields.ts';
import { readPackets } from './packet-reader.ts';

describe('readPackets', () => {
  it('reads one packet with defaults filled in', () => {
    const { packets, diagnostics } = readPackets({
      in: 'eth0',
      proto: 'tcp',
      src: '192.168.1.100',
      sport: 40000,
      dst: '10.96.0.10',
      dport: 80,
      tcpFlags: 'SYN',
    });
    expect(diagnostics).toEqual([]);
    expect(packets).toEqual([
      {
        proto: 'tcp',
        src: '192.168.1.100',
        dst: '10.96.0.10',
        sport: 40000,
        dport: 80,
        tcpFlags: 'SYN',
        icmpType: null,
        icmpCode: null,
        length: 60,
        mark: 0,
        in: 'eth0',
        local: false,
      },
    ]);
  });

  it('reads a list, a local packet without a source, ICMP and hex marks', () => {
    const { packets, diagnostics } = readPackets([
      { local: true, proto: 'udp', dst: '10.96.0.10', dport: 53, mark: '0x4000' },
      { in: 'eth0', proto: 'icmp', src: '1.2.3.4', dst: '192.168.1.10', tcpFlags: undefined },
      {
        in: 'eth0',
        proto: 'tcp',
        src: '1.2.3.4',
        dst: '192.168.1.10',
        dport: 22,
        tcpFlags: ['ACK', 'PSH'],
      },
    ]);
    expect(diagnostics).toEqual([]);
    expect(packets.map((p) => [p.local, p.src, p.sport, p.mark, p.icmpType, p.tcpFlags])).toEqual([
      [true, null, 40000, 0x4000, null, null],
      [false, '1.2.3.4', null, 0, 8, null],
      [false, '1.2.3.4', 40000, 0, null, 'PSH,ACK'],
    ]);
  });

  it('names each bad field and what was expected', () => {
    const { packets, diagnostics } = readPackets([
      { in: 'eth0', proto: 'tcp', src: '10.0.0.1', dst: '10.0.0.300', dport: 70000, dst_port: 80 },
      { proto: 'gre', src: '10.0.0.1', dst: '10.0.0.2' },
      { local: true, in: 'eth0', proto: 'udp', dst: '10.0.0.2', dport: 53, tcpFlags: 'SYN' },
      { in: 'eth0', proto: 'icmp', src: '10.0.0.1', dst: '10.0.0.2', dport: 1, icmpType: 300 },
      {
        in: 'eth0',
        proto: 'tcp',
        src: '10.0.0.1',
        dst: '10.0.0.2',
        dport: 1,
        tcpFlags: 'SYN,BOGUS',
        mark: -1,
      },
    ]);
    expect(packets).toEqual([]);
    expect(diagnostics.map(formatFieldDiagnostic)).toEqual([
      '[0].dst_port: unknown field "dst_port" (expected one of: in, local, proto, src, sport, dst, dport, tcpFlags, icmpType, icmpCode, length, mark)',
      '[0].dst: "10.0.0.300" is not an IPv4 address',
      '[0].dport: 70000 is not a port (expected a whole number 0-65535)',
      '[1]: missing "in": the interface the packet arrives on (or "local": true for a packet the host sends)',
      '[1].proto: "gre" is not a protocol the simulator follows (expected tcp, udp, icmp or sctp)',
      '[1].dport: missing: the destination port (0-65535) of the tcp packet',
      '[2].in: a packet either arrives on an interface ("in") or is generated locally ("local": true), not both',
      '[2].tcpFlags: only TCP packets have flags; this one is udp',
      '[3].dport: ICMP has no ports (use icmpType and icmpCode)',
      '[3].icmpType: 300 is not an ICMP type (expected a whole number 0-255)',
      '[4].tcpFlags: "SYN,BOGUS" is not a list of TCP flags (expected e.g. "SYN", "SYN,ACK" or "ACK"; flags: FIN SYN RST PSH ACK URG)',
      '[4].mark: -1 is not a mark (expected 0-4294967295 or hex such as "0x4000")',
    ]);
  });

  it('rejects a document that is not a packet', () => {
    expect(readPackets('tcp').diagnostics.map(formatFieldDiagnostic)).toEqual([
      'a packet must be an object such as {"in": "eth0", "proto": "tcp", "src": …}; got "tcp"',
    ]);
    expect(readPackets([]).diagnostics.map((d) => d.code)).toEqual(['missing-field']);
  });
});
