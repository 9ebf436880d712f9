/**
 * The problems that stop a trace, said by the worker with their code and values, read as Korean
 * with their field: a packet the packet file refuses, a host that does not read, a node or dump
 * that is not there.
 */
import { describe, expect, it } from 'vitest';
import { engineApi } from '../../worker/engine-api.ts';
import type { PacketInput, RuleSource, TraceProblem } from '../../worker/protocol.ts';
import { DUAL_STACK_YAML } from '../../engine/scenarios/dual-stack.ts';
import { DEFAULT_CLUSTER_YAML, DEFAULT_NODE } from '../scenarios/default.ts';
import { traceProblemText } from './trace-problem.ts';

const CLUSTER: RuleSource = { kind: 'cluster', yaml: DEFAULT_CLUSTER_YAML, node: DEFAULT_NODE };
const DUAL_STACK: RuleSource = {
  kind: 'cluster',
  yaml: DUAL_STACK_YAML,
  node: 'node-b',
  family: 'ipv6',
};

function problems(source: RuleSource, packet: Record<string, unknown>): TraceProblem[] {
  const r = engineApi.trace({ source, packets: [packet as unknown as PacketInput] });
  if (r instanceof Promise) throw new Error('trace answered later');
  return r.problems;
}

describe('traceProblemText', () => {
  it('a packet the packet file refuses: its field, then the Korean sentence', () => {
    const [port, flags] = problems(CLUSTER, {
      in: 'eth0',
      proto: 'tcp',
      src: '10.42.0.10',
      dst: '10.43.0.10',
      dport: 70000,
      tcpFlags: 'SYNN',
    });
    expect(traceProblemText(port!, 'ko')).toBe(
      '[0].dport: 값이 70000입니다. 0부터 65535 사이의 정수여야 합니다.',
    );
    expect(traceProblemText(flags!, 'ko')).toMatch(
      /^\[0\]\.tcpFlags: TCP 플래그 목록이 아닙니다: "SYNN"/,
    );
    expect(traceProblemText(port!, 'en')).toBe(port!.message);
  });

  it('mixed families, ICMP in an IPv6 packet, and IPv6 in a cluster without it', () => {
    const [mixed] = problems(CLUSTER, {
      in: 'eth0',
      proto: 'tcp',
      src: 'fd00::1',
      dst: '10.43.0.10',
      dport: 80,
    });
    expect(traceProblemText(mixed!, 'ko')).toContain('주소 체계가 다릅니다');
    const icmp = { in: 'eth0', proto: 'icmp', src: 'fd00::1', dst: 'fd00::2' };
    const said = problems(DUAL_STACK, icmp).map((p) => traceProblemText(p, 'ko'));
    expect(said).toContain(
      '[0].proto: IPv6 패킷은 ICMPv6을 싣습니다. "icmpv6"(또는 "ipv6-icmp")로 적으세요.',
    );
    const [noIPv6] = problems({ ...CLUSTER, family: 'ipv6' }, { ...icmp, proto: 'icmpv6' });
    expect(traceProblemText(noIPv6!, 'ko')).toBe(
      '이 클러스터에는 IPv6가 없어서 노드에 ip6tables 규칙이 없습니다.',
    );
  });

  it('a host that does not read, a node or a dump that is not there', () => {
    const dump: RuleSource = {
      kind: 'dump',
      text: '*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n',
      host: {
        interfaces: [{ name: 'eth0', addresses: [] }],
        routes: [{ to: 'default', dev: 'eth9' }],
      },
    };
    const packet = { in: 'eth0', proto: 'tcp', src: '10.0.0.2', dst: '10.0.0.1', dport: 22 };
    const [route] = problems(dump, packet);
    expect(route?.where).toBe('host');
    expect(traceProblemText(route!, 'ko')).toMatch(/호스트에 없는 인터페이스입니다: "eth9"/);
    const [node] = problems({ ...CLUSTER, node: 'node-z' }, packet);
    expect(traceProblemText(node!, 'ko')).toBe('클러스터에 없는 노드입니다: node-z');
    const [gone] = problems({ kind: 'dump', id: 'no-such-dump' }, packet);
    expect(traceProblemText(gone!, 'ko')).toMatch(/덤프가 더 이상/);
  });

  it('a problem without a code is shown as the worker said it', () => {
    expect(traceProblemText({ where: 'source', message: 'as said' }, 'ko')).toBe('as said');
  });
});
