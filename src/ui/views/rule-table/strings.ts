/** The rule table's words, in English and Korean. */
interface Opt {
  value: string;
  negated: boolean;
}

export interface RuleTableStrings {
  title: (table: string, chain: string) => string;
  policy: (p: string) => string;
  userChain: string;
  noChain: (table: string, chain: string) => string;
  noRules: string;
  cols: { index: string; counters: string; rule: string; target: string };
  matched: string;
  failed: (part: string) => string;
  notReached: string;
  policyApplied: (v: string) => string;
  hoverHint: string;
  pinned: string;
  unpin: string;
  pinHint: string;
  provenance: string;
  writtenBy: (w: string) => string;
  core: {
    source: (o: Opt) => string;
    destination: (o: Opt) => string;
    inInterface: (o: Opt) => string;
    outInterface: (o: Opt) => string;
    protocol: (o: Opt) => string;
    fragment: (negated: boolean) => string;
  };
  target: {
    none: string;
    jump: (c: string) => string;
    goto: (c: string) => string;
    accept: string;
    drop: string;
    return: string;
    unknown: (t: string) => string;
  };
  unknownMatch: (m: string) => string;
}

export const strings: { en: RuleTableStrings; ko: RuleTableStrings } = {
  en: {
    title: (t, c) => `${t} · ${c}`,
    policy: (p) => `policy ${p}`,
    userChain: 'user chain',
    noChain: (t, c) => `No chain ${c} in table ${t}.`,
    noRules: 'This chain has no rules.',
    cols: { index: '#', counters: 'pkts / bytes', rule: 'rule (iptables-save)', target: 'target' },
    matched: 'matched',
    failed: (p) => `${p} did not match`,
    notReached: '',
    policyApplied: (v) => `fell off the end: policy ${v}`,
    hoverHint:
      'Hover over or focus a rule to read it in plain words; click it or press Enter to keep it here.',
    pinned: 'Pinned: stays until you pick another rule or press Escape.',
    unpin: 'Unpin',
    pinHint: 'Click the rule or press Enter to keep this here.',
    provenance: 'Made for',
    writtenBy: (w) => `written by ${w}`,
    core: {
      source: (o) => (o.negated ? `source not in ${o.value}` : `from ${o.value}`),
      destination: (o) => (o.negated ? `destination not in ${o.value}` : `to ${o.value}`),
      inInterface: (o) => (o.negated ? `not arriving on ${o.value}` : `arriving on ${o.value}`),
      outInterface: (o) => (o.negated ? `not leaving by ${o.value}` : `leaving by ${o.value}`),
      protocol: (o) => (o.negated ? `any protocol but ${o.value}` : `protocol ${o.value}`),
      fragment: (n) => (n ? 'first fragments and whole packets only' : 'later fragments only'),
    },
    target: {
      none: 'no target: the rule only counts packets',
      jump: (c) => `jump to ${c}, and come back here if it returns`,
      goto: (c) => `go to ${c} without coming back here`,
      accept: 'accept: this table is done with the packet',
      drop: 'drop the packet',
      return: 'return to the chain that jumped here',
      unknown: (t) => `target ${t}, which the simulator does not know`,
    },
    unknownMatch: (m) => `module ${m}, which the simulator does not know`,
  },
  ko: {
    title: (t, c) => `${t} · ${c}`,
    policy: (p) => `기본 정책 ${p}`,
    userChain: '사용자 체인',
    noChain: (t, c) => `${t} 테이블에 ${c} 체인이 없습니다.`,
    noRules: '이 체인에는 규칙이 없습니다.',
    cols: { index: '#', counters: '패킷 / 바이트', rule: '규칙 (iptables-save)', target: '타깃' },
    matched: '일치',
    failed: (p) => `${p} 불일치`,
    notReached: '',
    policyApplied: (v) => `체인 끝에 도달: 기본 정책 ${v}`,
    hoverHint:
      '규칙에 마우스를 올리거나 포커스하면 쉬운 말로 풀어 보여 줍니다. 클릭하거나 Enter를 누르면 여기에 고정됩니다.',
    pinned: '고정됨: 다른 규칙을 고르거나 Escape를 누를 때까지 남아 있습니다.',
    unpin: '고정 해제',
    pinHint: '규칙을 클릭하거나 Enter를 누르면 이 설명이 고정됩니다.',
    provenance: '만든 이유',
    writtenBy: (w) => `${w}가 작성`,
    core: {
      source: (o) => (o.negated ? `출발지가 ${o.value} 밖` : `출발지 ${o.value}`),
      destination: (o) => (o.negated ? `목적지가 ${o.value} 밖` : `목적지 ${o.value}`),
      inInterface: (o) =>
        o.negated ? `${o.value} 외의 인터페이스로 들어옴` : `${o.value}(으)로 들어옴`,
      outInterface: (o) =>
        o.negated ? `${o.value} 외의 인터페이스로 나감` : `${o.value}(으)로 나감`,
      protocol: (o) => (o.negated ? `${o.value} 외의 프로토콜` : `프로토콜 ${o.value}`),
      fragment: (n) => (n ? '첫 조각과 조각나지 않은 패킷만' : '두 번째 이후 조각만'),
    },
    target: {
      none: '타깃 없음: 패킷 수만 셈',
      jump: (c) => `${c} 체인으로 점프, 돌아오면 여기서 계속`,
      goto: (c) => `${c} 체인으로 이동, 여기로 돌아오지 않음`,
      accept: '허용: 이 테이블의 검사를 끝냄',
      drop: '패킷을 버림',
      return: '점프해 온 체인으로 돌아감',
      unknown: (t) => `시뮬레이터가 모르는 타깃 ${t}`,
    },
    unknownMatch: (m) => `시뮬레이터가 모르는 모듈 ${m}`,
  },
};
