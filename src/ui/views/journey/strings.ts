/** The journey strip's words, in English and Korean. */
import type { JourneyNote, TranslationKind } from '../../../engine/cluster/journey/index.ts';
import type { TraceProblem } from '../../../worker/protocol.ts';
export interface JourneyStrings {
  title: string;
  hint: string;
  following: string;
  request: string;
  reply: string;
  showSent: string;
  kind: Record<'pod' | 'node' | 'client', string>;
  sends: string;
  answers: string;
  sees: (addr: string) => string;
  gets: (addr: string) => string;
  fate: Record<string, string>;
  delivered: (place: string, addr: string) => string;
  sourceSeen: (addr: string) => string;
  stopped: (verdict: string, node: string) => string;
  decidedBy: (rule: string) => string;
  hopLimit: (node: string) => string;
  replyWorks: string;
  /** the reply works only because the model routes a pod address back from outside */
  replyAssumed: (podAddress: string) => string;
  replyFails: string;
  replyLost: (verdict: string, node: string) => string;
  noReply: string;
  notFollowed: { protocol: string; incomplete: string };
  otherBranch: string;
  /** a translation's name, in the list and the tooltips */
  natKind: Record<TranslationKind, string>;
  /** the same, short enough for a box of the strip */
  natShort: Record<TranslationKind, string>;
  /** what the translation does to the connection */
  natWhat: Record<TranslationKind, string>;
  byRule: (chain: string, index: number) => string;
  byConntrack: string;
  natTitle: string;
  natNone: string;
  natOn: (direction: string, node: string) => string;
  natNoneHere: string;
  before: string;
  after: string;
  fromNode: string;
  toNode: string;
  /** `in cni0 (veth…)`, `out eth0` in the hop list */
  inIf: (iface: string, port: string | undefined) => string;
  outIf: (iface: string) => string;
  /** the engine's notes on how the journey was followed */
  note: (n: JourneyNote) => string;
  /** what a problem is about, before the engine's own words */
  problem: Record<TraceProblem['where'], string>;
  hopLabel: (n: number, direction: string, node: string) => string;
  nodeLabel: (node: string, picked: boolean) => string;
  podNetwork: string;
  hopsTitle: (n: number) => string;
}

export const strings: { en: JourneyStrings; ko: JourneyStrings } = {
  en: {
    title: 'Journey across the cluster',
    hint: 'Pick a node to see its part of the journey in the diagram, the chain graph and the trace.',
    following: 'Following the packet across the nodes…',
    request: 'Request',
    reply: 'Reply',
    showSent: 'Back to the sent packet',
    kind: { pod: 'pod', node: 'node', client: 'client' },
    sends: 'sends',
    answers: 'answers',
    sees: (a) => `sees ${a}`,
    gets: (a) => `gets ${a}`,
    fate: {
      forward: 'forwarded',
      local: 'delivered here',
      output: 'sent out',
      dropped: 'dropped',
      rejected: 'rejected',
    },
    delivered: (p, a) => `Delivered to ${p} at ${a}.`,
    sourceSeen: (a) => `The receiver sees the source ${a}.`,
    stopped: (v, n) => `${v} on ${n}.`,
    decidedBy: (r) => `Decided by: ${r}`,
    hopLimit: (n) => `Stopped at ${n}: the packet crossed too many nodes (a routing loop?).`,
    replyWorks:
      'The reply comes back through each conntrack table with the addresses the sender used: the connection works.',
    replyAssumed: (a) =>
      `The reply comes back only because the model assumes the network outside the node routes ${a} back to it. No rule here masquerades the packet, so it leaves with the pod's own address: on a real cluster the CNI plugin's masquerade rules or a cloud NAT rewrite it, and neither is part of this model.`,
    replyFails:
      'The reply does not come back with the addresses the sender used: the sender drops it and the connection fails.',
    replyLost: (v, n) => `The reply is ${v} on ${n}.`,
    noReply: 'No reply: the request never arrived.',
    notFollowed: {
      protocol:
        'A journey follows a TCP, UDP or SCTP connection; this ICMP packet is traced on its entry node only.',
      incomplete: 'Complete the packet to follow its journey.',
    },
    otherBranch: 'The journey took another random branch than the trace on the entry node.',
    natKind: {
      dnat: 'DNAT',
      snat: 'SNAT',
      masquerade: 'MASQUERADE',
      'un-dnat': 'un-DNAT',
      'un-snat': 'un-SNAT',
    },
    natShort: {
      dnat: 'DNAT',
      snat: 'SNAT',
      masquerade: 'MASQ',
      'un-dnat': '↩un-DNAT',
      'un-snat': '↩un-SNAT',
    },
    natWhat: {
      dnat: 'A rule sends the connection to an endpoint: the destination becomes the pod’s address.',
      snat: 'A rule gives the connection another source address.',
      masquerade:
        'A rule gives the connection the address of the interface it leaves by as its source, so the reply comes back through this node.',
      'un-dnat': 'Conntrack puts back, as the reply’s source, the address the sender connected to.',
      'un-snat': 'Conntrack puts back, as the reply’s destination, the sender’s own address.',
    },
    byRule: (chain, i) => `rule ${chain} #${i}`,
    byConntrack: 'conntrack entry',
    natTitle: 'Address translations on each node',
    natNone: 'No address was translated: the packet kept its source and destination all the way.',
    natOn: (d, node) => `${d} on ${node}`,
    natNoneHere: 'no translation',
    before: 'before',
    after: 'after',
    fromNode: 'from the node itself',
    toNode: 'to the node itself',
    inIf: (i, port) => `in ${i}${port ? ` (${port})` : ''}`,
    outIf: (i) => `out ${i}`,
    note: (n) =>
      n.kind === 'entry-assumed'
        ? `From outside, the packet for ${n.address} is taken to ${n.node}, the first node: the load balancer or router in front of the cluster is not modelled.`
        : n.kind === 'no-node'
          ? 'The cluster has no node for the packet to reach.'
          : 'Following every branch stopped early: some endings may be missing.',
    problem: {
      packet: 'The journey cannot be followed: the packet has a problem.',
      host: 'The journey cannot be followed: the host has a problem.',
      source: 'The journey cannot be followed: the cluster has a problem.',
    },
    hopLabel: (n, d, node) => `Hop ${n}, ${d}, on node ${node}`,
    nodeLabel: (node, picked) =>
      picked
        ? `Node ${node}: its part is shown. Press to show the sent packet again.`
        : `Node ${node}: show its part of the journey`,
    podNetwork:
      'Pod network as modelled: each node bridges its pods on cni0 and routes the other nodes’ pod ranges to them; no overlay.',
    hopsTitle: (n) => `Hop by hop (${n} hops)`,
  },
  ko: {
    title: '클러스터를 가로지르는 여정',
    hint: '노드를 고르면 다이어그램, 체인 그래프, 추적에 그 노드에서 일어난 일이 나옵니다.',
    following: '노드들을 따라 패킷을 추적하는 중…',
    request: '요청',
    reply: '응답',
    showSent: '보낸 패킷으로 돌아가기',
    kind: { pod: '파드', node: '노드', client: '클라이언트' },
    sends: '보냄',
    answers: '응답함',
    sees: (a) => `${a}에서 옴`,
    gets: (a) => `${a}에서 받음`,
    fate: {
      forward: '포워딩됨',
      local: '여기로 전달됨',
      output: '내보냄',
      dropped: '버려짐',
      rejected: '거부됨',
    },
    delivered: (p, a) => `${p}(${a})에 전달되었습니다.`,
    sourceSeen: (a) => `받는 쪽에서 본 출발지는 ${a}입니다.`,
    stopped: (v, n) => `${n}에서 ${v}.`,
    decidedBy: (r) => `결정한 규칙: ${r}`,
    hopLimit: (n) => `${n}에서 멈춤: 너무 많은 노드를 거쳤습니다(라우팅 루프일 수 있음).`,
    replyWorks:
      '응답은 각 노드의 conntrack 테이블을 거쳐, 보낸 쪽이 쓴 주소 그대로 돌아옵니다. 연결이 성립합니다.',
    replyAssumed: (a) =>
      `응답이 돌아오는 것은 노드 바깥 네트워크가 ${a} 주소를 이 노드로 되돌려 보낸다고 모델이 가정하기 때문입니다. 여기 있는 규칙은 이 패킷을 마스커레이드하지 않아 패킷이 파드 자신의 주소로 나갑니다. 실제 클러스터에서는 CNI 플러그인의 마스커레이드 규칙이나 클라우드 NAT가 주소를 바꾸는데, 둘 다 이 모델에는 없습니다.`,
    replyFails:
      '응답이 보낸 쪽이 쓴 주소로 돌아오지 않습니다. 보낸 쪽은 이를 버리고 연결은 실패합니다.',
    replyLost: (v, n) => `응답이 ${n}에서 ${v}.`,
    noReply: '요청이 도착하지 않아 응답이 없습니다.',
    notFollowed: {
      protocol:
        '여정은 TCP, UDP, SCTP 연결을 따라갑니다. 이 ICMP 패킷은 들어온 노드에서만 추적합니다.',
      incomplete: '패킷을 모두 채우면 여정을 따라갑니다.',
    },
    otherBranch: '여정이 들어온 노드의 추적과 다른 무작위 분기를 택했습니다.',
    natKind: {
      dnat: 'DNAT',
      snat: 'SNAT',
      masquerade: 'MASQUERADE',
      'un-dnat': 'un-DNAT',
      'un-snat': 'un-SNAT',
    },
    natShort: {
      dnat: 'DNAT',
      snat: 'SNAT',
      masquerade: 'MASQ',
      'un-dnat': '↩un-DNAT',
      'un-snat': '↩un-SNAT',
    },
    natWhat: {
      dnat: '규칙이 연결을 엔드포인트로 보냅니다. 목적지가 파드 주소로 바뀝니다.',
      snat: '규칙이 연결의 출발지 주소를 다른 주소로 바꿉니다.',
      masquerade:
        '규칙이 출발지를 패킷이 나가는 인터페이스의 주소로 바꿉니다. 그래서 응답도 이 노드를 거쳐 돌아옵니다.',
      'un-dnat': 'conntrack이 응답의 출발지를 보낸 쪽이 접속했던 주소로 되돌립니다.',
      'un-snat': 'conntrack이 응답의 목적지를 보낸 쪽의 원래 주소로 되돌립니다.',
    },
    byRule: (chain, i) => `규칙 ${chain} #${i}`,
    byConntrack: 'conntrack 항목',
    natTitle: '노드별 주소 변환',
    natNone: '주소 변환이 없었습니다. 패킷은 출발지와 목적지를 끝까지 그대로 유지했습니다.',
    natOn: (d, node) => `${node}의 ${d}`,
    natNoneHere: '변환 없음',
    before: '전',
    after: '후',
    fromNode: '노드 자신이 보냄',
    toNode: '노드 자신에게',
    inIf: (i, port) => `입력 ${i}${port ? ` (${port})` : ''}`,
    outIf: (i) => `출력 ${i}`,
    note: (n) =>
      n.kind === 'entry-assumed'
        ? `클러스터 밖에서 ${n.address}(으)로 가는 패킷은 첫 번째 노드 ${n.node}에 닿는다고 봅니다. 클러스터 앞의 로드밸런서나 라우터는 모델링하지 않습니다.`
        : n.kind === 'no-node'
          ? '클러스터에 패킷이 닿을 노드가 없습니다.'
          : '모든 분기를 따라가다 도중에 멈췄습니다. 빠진 결말이 있을 수 있습니다.',
    problem: {
      packet: '여정을 따라갈 수 없습니다. 패킷에 문제가 있습니다.',
      host: '여정을 따라갈 수 없습니다. 호스트에 문제가 있습니다.',
      source: '여정을 따라갈 수 없습니다. 클러스터 설명에 문제가 있습니다.',
    },
    hopLabel: (n, d, node) => `${n}번째 홉, ${d}, 노드 ${node}`,
    nodeLabel: (node, picked) =>
      picked
        ? `노드 ${node}: 이 노드의 부분을 보는 중. 누르면 보낸 패킷으로 돌아갑니다.`
        : `노드 ${node}: 여정 중 이 노드의 부분 보기`,
    podNetwork:
      '파드 네트워크 모델: 각 노드가 cni0 브리지에 파드를 연결하고 다른 노드의 파드 대역은 그 노드로 라우팅합니다. 오버레이는 없습니다.',
    hopsTitle: (n) => `홉별 경로 (${n}개)`,
  },
};
