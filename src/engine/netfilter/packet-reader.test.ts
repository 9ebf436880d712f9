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
        ttl: 64,
        tos: 0,
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
      '[0].dst_port: unknown field "dst_port" (expected one of: in, local, proto, src, sport, dst, dport, tcpFlags, icmpType, icmpCode, length, mark, srcMac, uid, gid, ttl, tos, dscp, ecn, mss)',
      '[0].dst: "10.0.0.300" is not an IPv4 or IPv6 address',
      '[0].dport: 70000 is not a port (expected a whole number 0-65535)',
      '[1]: missing "in": the interface the packet arrives on (or "local": true for a packet the host sends)',
      '[1].proto: "gre" is not a protocol the simulator follows (expected tcp, udp, icmp, icmpv6 or sctp)',
      '[1].dport: missing: the destination port (0-65535) of the tcp packet',
      '[2].in: a packet either arrives on an interface ("in") or is generated locally ("local": true), not both',
      '[2].tcpFlags: only TCP packets have flags; this one is udp',
      '[3].dport: ICMP has no ports (use icmpType and icmpCode)',
      '[3].icmpType: 300 is not an ICMP type (expected a whole number 0-255)',
      '[4].tcpFlags: "SYN,BOGUS" is not a list of TCP flags (expected e.g. "SYN", "SYN,ACK" or "ACK"; flags: FIN SYN RST PSH ACK URG ECE CWR)',
      '[4].mark: -1 is not a mark (expected 0-4294967295 or hex such as "0x4000")',
    ]);
  });

  it('reads srcMac in lower case with full octets, and uid and gid of a local packet', () => {
    const { packets, diagnostics } = readPackets([
      {
        in: 'eth0',
        proto: 'udp',
        src: '1.2.3.4',
        dst: '10.0.0.2',
        dport: 53,
        srcMac: '2:42:AC:11:0:2',
      },
      { local: true, proto: 'udp', dst: '10.0.0.2', dport: 53, uid: 1000, gid: '100' },
    ]);
    expect(diagnostics).toEqual([]);
    expect(packets.map((p) => [p.srcMac, p.uid, p.gid])).toEqual([
      ['02:42:ac:11:00:02', undefined, undefined],
      [undefined, 1000, 100],
    ]);
  });

  it('names a bad srcMac, uid or gid and a field on the wrong kind of packet', () => {
    const { packets, diagnostics } = readPackets([
      {
        in: 'eth0',
        proto: 'udp',
        src: '1.2.3.4',
        dst: '10.0.0.2',
        dport: 53,
        srcMac: '02:42:ac:11:00',
      },
      { in: 'eth0', proto: 'udp', src: '1.2.3.4', dst: '10.0.0.2', dport: 53, srcMac: 7, uid: 0 },
      {
        local: true,
        proto: 'udp',
        dst: '10.0.0.2',
        dport: 53,
        uid: -1,
        gid: 1.5,
        srcMac: '02:42:ac:11:00:02',
      },
      { local: true, proto: 'udp', dst: '10.0.0.2', dport: 53, uid: 4294967295 },
    ]);
    expect(packets).toEqual([]);
    expect(diagnostics.map(formatFieldDiagnostic)).toEqual([
      '[0].srcMac: "02:42:ac:11:00" is not a MAC address (expected six hex octets such as "02:42:ac:11:00:02")',
      '[1].srcMac: 7 is not a MAC address (expected six hex octets such as "02:42:ac:11:00:02")',
      '[1].uid: only a locally generated packet ("local": true) has a socket with a uid',
      '[2].srcMac: a locally generated packet has no source MAC (only one that arrives on "in")',
      '[2].uid: -1 is not a user id (expected a whole number 0-4294967294)',
      '[2].gid: 1.5 is not a group id (expected a whole number 0-4294967294)',
      '[3].uid: 4294967295 is not a user id (expected a whole number 0-4294967294)',
    ]);
    expect(diagnostics.slice(0, 2).map((d) => d.code)).toEqual(['bad-value', 'bad-type']);
  });

  it('rejects a document that is not a packet', () => {
    expect(readPackets('tcp').diagnostics.map(formatFieldDiagnostic)).toEqual([
      'a packet must be an object such as {"in": "eth0", "proto": "tcp", "src": …}; got "tcp"',
    ]);
    expect(readPackets([]).diagnostics.map((d) => d.code)).toEqual(['missing-field']);
  });
});

describe('readPackets: header fields', () => {
  const base = { in: 'eth0', proto: 'tcp', src: '10.0.0.1', dst: '10.0.0.2', dport: 80 };

  it('reads ttl, tos (or dscp and ecn), mss and the ECN flags of TCP', () => {
    const { packets, diagnostics } = readPackets([
      { ...base, ttl: 5, tos: '0x10', mss: 1460, tcpFlags: 'SYN,ECE,CWR' },
      { ...base, dscp: 'ef', ecn: 'CE' },
      { ...base, dscp: 10, ecn: 1 },
    ]);
    expect(diagnostics).toEqual([]);
    expect(packets.map((p) => [p.ttl, p.tos, p.mss, p.tcpFlags])).toEqual([
      [5, 0x10, 1460, 'SYN,ECE,CWR'],
      [64, 0xbb, undefined, 'SYN'],
      [64, 0x29, undefined, 'SYN'],
    ]);
  });

  it('names each bad header field', () => {
    const { diagnostics } = readPackets([
      { ...base, ttl: 256, tos: 1, dscp: 2 },
      { ...base, dscp: 64, ecn: 'ECT' },
      { ...base, proto: 'udp', mss: 1400 },
    ]);
    expect(diagnostics.map(formatFieldDiagnostic)).toEqual([
      '[0].ttl: 256 is not a TTL (expected a whole number 0-255)',
      '[0].tos: give either "tos" (the whole byte) or its parts "dscp" and "ecn", not both',
      '[1].dscp: 64 is not a DSCP (expected 0-63, hex such as "0x2e", or a class such as "EF" or "AF41")',
      '[1].ecn: "ECT" is not an ECN codepoint (expected 0-3 or one of Not-ECT, ECT(1), ECT(0), CE)',
      '[2].mss: only a TCP segment has an MSS option; this one is udp',
    ]);
  });
});
