/**
 * Korean sentences for the packet file's diagnostics (engine/netfilter/packet-reader.ts) and for
 * the problems the worker adds when a trace cannot run (worker/problems.ts). The field's path is
 * shown before the sentence (trace-problem.ts), so the sentences do not repeat it.
 */
import { firstOf, when, withArgs, type Say } from './args.ts';

const FAMILY_WORDS: Record<string, string> = {
  ipv6: 'IPv6 주소이지만 규칙은 iptables(IPv4) 덤프입니다. IPv6 패킷은 ip6tables 규칙으로 추적하세요.',
  ipv4: 'IPv4 주소이지만 규칙은 ip6tables(IPv6) 덤프입니다. IPv4 패킷은 iptables 규칙으로 추적하세요.',
};

const PACKET: Say = firstOf([
  when('packet-number', (a) =>
    withArgs(
      a,
      ['value', 'min', 'max'],
      (v) => `값이 ${v.value}입니다. ${v.min}부터 ${v.max} 사이의 정수여야 합니다.`,
    ),
  ),
  when('packet-local', (a) =>
    withArgs(a, ['value'], (v) => `true나 false여야 하는데 ${v.value}입니다.`),
  ),
  when(
    'packet-in-and-local',
    () =>
      '패킷은 인터페이스로 들어오거나("in") 호스트에서 만들어집니다("local": true). 둘 다일 수는 없습니다.',
  ),
  when(
    'packet-no-origin',
    () =>
      '"in"이 없습니다. 패킷이 들어오는 인터페이스를 적으세요(호스트가 보내는 패킷이면 "local": true).',
  ),
  when(
    'packet-no-proto',
    () => '프로토콜이 없습니다. tcp, udp, icmp, icmpv6, sctp 중 하나를 적으세요.',
  ),
  when('packet-proto', (a) =>
    withArgs(
      a,
      ['value'],
      (v) =>
        `시뮬레이터가 따라가는 프로토콜이 아닙니다: ${v.value} (tcp, udp, icmp, icmpv6, sctp 중 하나)`,
    ),
  ),
  when('packet-no-address', (a) =>
    withArgs(
      a,
      ['field'],
      (v) => `${v.field === 'src' ? '출발지' : '목적지'} 주소(IPv4 또는 IPv6)가 없습니다.`,
    ),
  ),
  when('packet-address', (a) =>
    withArgs(a, ['value'], (v) => `IPv4나 IPv6 주소가 아닙니다: ${v.value}`),
  ),
  when('packet-icmp-ports', () => 'ICMP에는 포트가 없습니다. icmpType과 icmpCode를 쓰세요.'),
  when('packet-no-dport', (a) =>
    withArgs(a, ['proto'], (v) => `${v.proto} 패킷의 목적지 포트(0-65535)가 없습니다.`),
  ),
  when('packet-flags-not-tcp', (a) =>
    withArgs(a, ['proto'], (v) => `플래그는 TCP 패킷에만 있습니다. 이 패킷은 ${v.proto}입니다.`),
  ),
  when('packet-flags', (a) =>
    withArgs(
      a,
      ['value'],
      (v) =>
        `TCP 플래그 목록이 아닙니다: ${v.value} (예: "SYN", "SYN,ACK", "ACK". 플래그는 FIN SYN RST PSH ACK URG ECE CWR)`,
    ),
  ),
  when('packet-icmp-field', (a) =>
    withArgs(
      a,
      ['field', 'proto'],
      (v) => `${v.field} 필드는 ICMP 패킷에만 있습니다. 이 패킷은 ${v.proto}입니다.`,
    ),
  ),
  when('packet-mark', (a) =>
    withArgs(
      a,
      ['value'],
      (v) => `mark 값이 아닙니다: ${v.value} (0-4294967295, 또는 "0x4000" 같은 16진수)`,
    ),
  ),
  when(
    'packet-mac-local',
    () => '호스트가 만든 패킷에는 출발지 MAC이 없습니다. "in"으로 들어오는 패킷에만 있습니다.',
  ),
  when('packet-mac', (a) =>
    withArgs(
      a,
      ['value'],
      (v) => `MAC 주소가 아닙니다: ${v.value} ("02:42:ac:11:00:02"처럼 16진수 여섯 옥텟)`,
    ),
  ),
  when('packet-owner-local', (a) =>
    withArgs(
      a,
      ['field'],
      (v) => `${v.field} 필드는 호스트가 만든 패킷("local": true)의 소켓에만 있습니다.`,
    ),
  ),
  when('packet-mixed-family', (a) =>
    withArgs(
      a,
      ['dst', 'dstFamily', 'src', 'srcFamily'],
      (v) =>
        `목적지 ${v.dst}(${v.dstFamily})와 출발지 ${v.src}(${v.srcFamily})의 주소 체계가 다릅니다. 한 패킷의 주소는 모두 IPv4이거나 모두 IPv6입니다.`,
    ),
  ),
  when('packet-rules-family', (a) =>
    withArgs(a, ['value', 'family'], (v) =>
      FAMILY_WORDS[v.family] === undefined ? undefined : `${v.value}: ${FAMILY_WORDS[v.family]}`,
    ),
  ),
  when(
    'packet-icmp-in-ipv6',
    () => 'IPv6 패킷은 ICMPv6을 싣습니다. "icmpv6"(또는 "ipv6-icmp")로 적으세요.',
  ),
  when(
    'packet-icmpv6-in-ipv4',
    () => 'ICMPv6은 IPv6 패킷에 실립니다. IPv4 패킷이면 "icmp"로 적으세요.',
  ),
  when('packet-object', (a) =>
    withArgs(
      a,
      ['value'],
      (v) =>
        `패킷은 {"in": "eth0", "proto": "tcp", "src": …} 같은 객체여야 합니다. 받은 값: ${v.value}`,
    ),
  ),
  when('packet-list-empty', () => '패킷 목록이 비어 있습니다.'),
]);

/** what the worker says when the rules to trace against are not there */
const SOURCE: Say = firstOf([
  when('trace-node', (a) => withArgs(a, ['node'], (v) => `클러스터에 없는 노드입니다: ${v.node}`)),
  when('dump-gone', () => '덤프가 더 이상 로드되어 있지 않습니다. 다시 파싱하세요.'),
  when('trace-no-ipv6', () => '이 클러스터에는 IPv6가 없어서 노드에 ip6tables 규칙이 없습니다.'),
]);

export const KO_PACKET: Record<string, Say> = {
  'bad-value': PACKET,
  'bad-type': PACKET,
  'missing-field': PACKET,
  'unknown-reference': SOURCE,
};
