/** The diagram's words, in English and Korean. */
export interface DiagramStrings {
  title: string;
  inLabel: string;
  outLabel: string;
  local: string;
  routing: string;
  /** the table order's line: the tool (iptables or ip6tables, by the packet's family) and backend */
  backend: (b: string, family: 'ipv4' | 'ipv6') => string;
  stage: Record<string, string>;
  skipped: string;
  natTitle: string;
  empty: string;
  describe: (where: string | null) => string;
  decidedBy: string;
  notEntered: string;
  rule: (n: number) => string;
  natTo: (type: 'DNAT' | 'SNAT', to: string) => string;
  routingDecision: (hook: string) => string;
}

/** `iptables-nft`, `ip6tables-legacy`, … */
function tool(backend: string, family: 'ipv4' | 'ipv6'): string {
  return `${family === 'ipv6' ? 'ip6tables' : 'iptables'}-${backend === 'nft' ? 'nft' : 'legacy'}`;
}

export const strings: { en: DiagramStrings; ko: DiagramStrings } = {
  en: {
    title: 'Netfilter packet flow',
    inLabel: 'in',
    outLabel: 'out',
    local: 'local process',
    routing: 'routing',
    backend: (b, family) => `${tool(b, family)} table order`,
    stage: { conntrack: 'conntrack', confirm: 'ct confirm' },
    skipped: 'skipped',
    natTitle: 'Address changes',
    empty: 'Press play or → to move the packet.',
    describe: (w) => (w ? `The packet is at ${w}.` : 'The packet has not entered yet.'),
    decidedBy: 'This step',
    notEntered: 'The packet has not entered yet: step forward to follow it.',
    rule: (n) => `rule ${n}`,
    natTo: (type, to) => `${type} to ${to}`,
    routingDecision: (hook) => `routing after ${hook}`,
  },
  ko: {
    title: '넷필터 패킷 흐름',
    inLabel: '입력',
    outLabel: '출력',
    local: '로컬 프로세스',
    routing: '라우팅',
    backend: (b, family) => `${tool(b, family)} 테이블 순서`,
    stage: { conntrack: 'conntrack', confirm: 'ct 확정' },
    skipped: '건너뜀',
    natTitle: '주소 변환',
    empty: '재생하거나 →를 눌러 패킷을 움직여 보세요.',
    describe: (w) => (w ? `패킷 위치: ${w}` : '패킷이 아직 들어오지 않았습니다.'),
    decidedBy: '이번 단계',
    notEntered: '패킷이 아직 들어오지 않았습니다. 한 단계 앞으로 가서 따라가 보세요.',
    rule: (n) => `규칙 ${n}`,
    natTo: (type, to) => `${type}, 새 ${type === 'DNAT' ? '목적지' : '출발지'} ${to}`,
    routingDecision: (hook) => `${hook} 뒤 라우팅 결정`,
  },
};
