/** The chain graph's words, in English and Korean. */
export interface GraphStrings {
  title: (table: string) => string;
  builtin: string;
  policy: (p: string) => string;
  rules: (n: number) => string;
  hidden: (n: number) => string;
  rest: string;
  probabilityTitle: (cond: string, share: string, rules: string) => string;
  restTitle: (share: string, rules: string) => string;
  zoomIn: string;
  zoomOut: string;
  fit: string;
  laying: string;
  failed: (why: string) => string;
  neighbourhood: (shown: number, all: number) => string;
  expand: (all: number) => string;
  collapse: string;
  jump: string;
  goto: string;
  traced: string;
  nodeLabel: (name: string, builtin: boolean, policy: string | null, rules: number) => string;
  empty: (table: string) => string;
}

export const strings: { en: GraphStrings; ko: GraphStrings } = {
  en: {
    title: (t) => `Chains of the ${t} table`,
    builtin: 'built-in',
    policy: (p) => `policy ${p}`,
    rules: (n) => `${n} rule${n === 1 ? '' : 's'}`,
    hidden: (n) => `+${n} more`,
    rest: 'rest',
    probabilityTitle: (c, s, r) =>
      `random: ${c} of the packets that reach rule ${r}, ${s} of all packets entering the chain`,
    restTitle: (s, r) => `rule ${r} takes what the random rules left: ${s} of the packets`,
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit',
    laying: 'Laying out…',
    failed: (w) => `Layout failed: ${w}`,
    neighbourhood: (s, a) => `Showing ${s} of ${a} chains: the traced path and its neighbours.`,
    expand: (a) => `Show all ${a} chains`,
    collapse: 'Show the traced neighbourhood only',
    jump: 'jump',
    goto: 'goto',
    traced: 'traced path',
    nodeLabel: (n, b, p, r) =>
      `chain ${n}${b ? `, built-in${p ? `, policy ${p}` : ''}` : ''}, ${r} rule${r === 1 ? '' : 's'}`,
    empty: (t) => `The ${t} table has no chains.`,
  },
  ko: {
    title: (t) => `${t} 테이블의 체인`,
    builtin: '기본 체인',
    policy: (p) => `정책 ${p}`,
    rules: (n) => `규칙 ${n}개`,
    hidden: (n) => `+${n}개 더`,
    rest: '나머지',
    probabilityTitle: (c, s, r) =>
      `무작위: ${r}번 규칙에 도달한 패킷 중 ${c}, 체인에 들어온 전체 패킷 중 ${s}`,
    restTitle: (s, r) => `${r}번 규칙은 앞의 무작위 규칙이 남긴 패킷을 받음: 전체의 ${s}`,
    zoomIn: '확대',
    zoomOut: '축소',
    fit: '맞춤',
    laying: '배치하는 중…',
    failed: (w) => `배치 실패: ${w}`,
    neighbourhood: (s, a) => `체인 ${a}개 중 ${s}개 표시: 추적 경로와 그 이웃`,
    expand: (a) => `체인 ${a}개 모두 보기`,
    collapse: '추적 경로 주변만 보기',
    jump: '점프',
    goto: 'goto',
    traced: '추적 경로',
    nodeLabel: (n, b, p, r) =>
      `체인 ${n}${b ? `, 기본 체인${p ? `, 정책 ${p}` : ''}` : ''}, 규칙 ${r}개`,
    empty: (t) => `${t} 테이블에 체인이 없습니다.`,
  },
};
