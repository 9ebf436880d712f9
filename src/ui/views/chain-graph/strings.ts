/** The chain graph's words, in English and Korean. */
export interface GraphStrings {
  title: (table: string) => string;
  builtin: string;
  policy: (p: string) => string;
  rules: (n: number) => string;
  rest: string;
  ofAll: (share: string) => string;
  branches: (n: number) => string;
  probabilityTitle: (raw: string, own: string, share: string, rules: string) => string;
  restTitle: (share: string, rules: string) => string;
  foldedTitle: (n: number, share: string) => string;
  zoomIn: string;
  zoomOut: string;
  fit: string;
  laying: string;
  failed: (why: string) => string;
  fitTitle: string;
  folded: (shown: number, all: number) => string;
  foldHint: string;
  foldLabel: (family: string, n: number) => string;
  foldBack: (family: string, shown: number, all: number) => string;
  find: string;
  findPlaceholder: string;
  noMatch: string;
  moreMatches: (n: number) => string;
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
    rest: 'the rest',
    ofAll: (s) => `→ ${s} of all`,
    branches: (n) => `${n.toLocaleString('en')} branch${n === 1 ? '' : 'es'}`,
    probabilityTitle: (raw, own, s, r) =>
      `rule ${r}: --probability ${raw}, so ${own} of the packets that reach it, which is ${s} of all packets entering the chain`,
    restTitle: (s, r) => `rule ${r} takes what the random rules left: ${s} of the packets`,
    foldedTitle: (n, s) =>
      `${n.toLocaleString('en')} random branches, together ${s} of the packets entering the chain`,
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Whole graph',
    laying: 'Laying out…',
    failed: (w) => `Layout failed: ${w}`,
    fitTitle: 'The whole graph at once: on a big table its names get too small to read',
    folded: (s, a) =>
      `${a.toLocaleString('en')} chains: the traced path and its neighbours are drawn, the other chains are folded by family into ${s.toLocaleString('en')} nodes. Click a family to open it.`,
    foldHint: 'folded · click to open',
    foldLabel: (f, n) =>
      `${n.toLocaleString('en')} chains named ${f}, folded into one node: open a few of them`,
    foldBack: (f, s, a) =>
      `Fold ${f} back (${s.toLocaleString('en')} of ${a.toLocaleString('en')} open)`,
    find: 'Find a chain',
    findPlaceholder: 'part of a name, e.g. SEP-',
    noMatch: 'No chain has that in its name.',
    moreMatches: (n) => `and ${n.toLocaleString('en')} more: type more of the name`,
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
    rest: '나머지 전부',
    ofAll: (s) => `→ 전체의 ${s}`,
    branches: (n) => `분기 ${n.toLocaleString('ko')}개`,
    probabilityTitle: (raw, own, s, r) =>
      `${r}번 규칙: --probability ${raw}. 이 규칙까지 온 패킷의 ${own}, 체인에 들어온 전체 패킷으로 치면 ${s}`,
    restTitle: (s, r) => `${r}번 규칙은 앞의 무작위 규칙들이 남긴 패킷을 모두 받음: 전체의 ${s}`,
    foldedTitle: (n, s) =>
      `무작위 분기 ${n.toLocaleString('ko')}개, 합쳐서 체인에 들어온 패킷의 ${s}`,
    zoomIn: '확대',
    zoomOut: '축소',
    fit: '전체 보기',
    laying: '배치하는 중…',
    failed: (w) => `배치 실패: ${w}`,
    fitTitle: '그래프 전체를 한 화면에: 큰 테이블에서는 이름이 너무 작아져 읽기 어렵습니다',
    folded: (s, a) =>
      `체인 ${a.toLocaleString('ko')}개: 추적 경로와 그 이웃만 하나씩 그리고, 나머지는 이름이 같은 계열끼리 묶어 노드 ${s.toLocaleString('ko')}개로 접었습니다. 묶음을 누르면 펼쳐집니다.`,
    foldHint: '접힘 · 눌러서 펼치기',
    foldLabel: (f, n) =>
      `${f} 이름의 체인 ${n.toLocaleString('ko')}개를 한 노드로 접음: 몇 개 펼쳐 보기`,
    foldBack: (f, s, a) =>
      `${f} 다시 접기 (${a.toLocaleString('ko')}개 중 ${s.toLocaleString('ko')}개 펼침)`,
    find: '체인 찾기',
    findPlaceholder: '이름 일부, 예: SEP-',
    noMatch: '이름에 그 글자가 들어간 체인이 없습니다.',
    moreMatches: (n) => `외 ${n.toLocaleString('ko')}개: 이름을 더 입력하세요`,
    jump: '점프',
    goto: 'goto',
    traced: '추적 경로',
    nodeLabel: (n, b, p, r) =>
      `체인 ${n}${b ? `, 기본 체인${p ? `, 정책 ${p}` : ''}` : ''}, 규칙 ${r}개`,
    empty: (t) => `${t} 테이블에 체인이 없습니다.`,
  },
};
