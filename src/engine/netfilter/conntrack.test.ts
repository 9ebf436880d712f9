import { describe, expect, it } from 'vitest';
import { ConntrackTable, entryView, invertTuple, tupleOf } from './conntrack.ts';
import { parseIPv4 } from './ipv4.ts';
import type { PacketState } from './packet.ts';
import { tcpNext, tcpStart } from './tcp-state.ts';
import { setupNat, translateFromEntry } from './nat.ts';

const ip = (s: string) => parseIPv4(s)!;
function pkt(src: string, sport: number, dst: string, dport: number, flags = 0x02): PacketState {
  return {
    proto: 'tcp',
    src: ip(src),
    dst: ip(dst),
    sport,
    dport,
    tcpFlags: flags,
    icmpType: 0,
    icmpCode: 0,
    length: 60,
    mark: 0,
    ttl: 64,
    tos: 0,
    priority: 0,
  };
}

describe('TCP conntrack states', () => {
  it("follows the kernel's transitions for a handshake and close", () => {
    expect(tcpStart(0x02)).toBe('SYN_SENT');
    expect(tcpStart(0x10)).toBe('ESTABLISHED');
    expect(tcpStart(0x12)).toBeNull();
    expect(tcpStart(0x04)).toBeNull();
    expect(tcpNext('SYN_SENT', 'reply', 0x12)).toBe('SYN_RECV');
    expect(tcpNext('SYN_RECV', 'original', 0x10)).toBe('ESTABLISHED');
    expect(tcpNext('SYN_SENT', 'original', 0x10)).toBe('INVALID');
    expect(tcpNext('ESTABLISHED', 'original', 0x11)).toBe('FIN_WAIT');
    expect(tcpNext('ESTABLISHED', 'reply', 0x04)).toBe('CLOSE');
  });
});

describe('conntrack table', () => {
  it('is NEW until a reply is seen, ESTABLISHED after, and confirms entries only when asked', () => {
    const t = new ConntrackTable();
    const syn = pkt('10.0.0.1', 40000, '10.0.0.2', 80);
    const first = t.packetIn(syn);
    expect(first).toMatchObject({ op: 'new', ct: { state: 'NEW', dir: 'original' } });
    // unconfirmed: a second packet would start another entry
    expect(t.packetIn(syn).op).toBe('new');
    expect(t.confirm(first.ct.entry!)).toBe(true);
    expect(t.packetIn(syn)).toMatchObject({ op: 'lookup', ct: { state: 'NEW', dir: 'original' } });
    expect(t.packetIn(pkt('10.0.0.2', 80, '10.0.0.1', 40000, 0x12))).toMatchObject({
      op: 'lookup',
      ct: { state: 'ESTABLISHED', dir: 'reply' },
    });
    expect(t.packetIn(pkt('10.0.0.1', 40000, '10.0.0.2', 80, 0x10))).toMatchObject({
      ct: { state: 'ESTABLISHED', dir: 'original' },
    });
    expect(entryView(first.ct.entry!)).toEqual({
      id: 1,
      original: 'tcp src=10.0.0.1 dst=10.0.0.2 sport=40000 dport=80',
      reply: 'tcp src=10.0.0.2 dst=10.0.0.1 sport=80 dport=40000',
      status: ['SEEN_REPLY', 'ASSURED', 'CONFIRMED'],
      tcpState: 'ESTABLISHED',
      mark: 0,
    });
  });

  it('calls an echo reply without a request INVALID and pairs ICMP request and reply types', () => {
    const t = new ConntrackTable();
    const echo: PacketState = { ...pkt('10.0.0.1', 0, '10.0.0.2', 0), proto: 'icmp', icmpType: 8 };
    expect(invertTuple(tupleOf(echo)).dport).toBe(0);
    expect(t.packetIn({ ...echo, icmpType: 0 }).ct.state).toBe('INVALID');
    t.confirm(t.packetIn(echo).ct.entry!);
    expect(
      t.packetIn({ ...echo, src: ip('10.0.0.2'), dst: ip('10.0.0.1'), icmpType: 0 }).ct,
    ).toMatchObject({ state: 'ESTABLISHED', dir: 'reply' });
  });

  it('keeps NAT mappings unique by moving the source port', () => {
    const t = new ConntrackTable();
    const a = t.packetIn(pkt('10.244.1.5', 40000, '8.8.8.8', 53)).ct.entry!;
    expect(
      setupNat(t, a, { type: 'SNAT', ip: ip('192.168.1.10'), minPort: null, maxPort: null }),
    ).toBe(true);
    t.confirm(a);
    const b = t.packetIn(pkt('10.244.1.6', 40000, '8.8.8.8', 53)).ct.entry!;
    expect(
      setupNat(t, b, { type: 'SNAT', ip: ip('192.168.1.10'), minPort: null, maxPort: null }),
    ).toBe(true);
    const p = pkt('10.244.1.6', 40000, '8.8.8.8', 53);
    expect(translateFromEntry(b, 'original', 'SNAT', p)).toEqual({
      type: 'SNAT',
      before: { addr: '10.244.1.6', port: 40000 },
      after: { addr: '192.168.1.10', port: 1024 },
    });
    expect(translateFromEntry(b, 'original', 'DNAT', p)).toBeNull();
  });
});
