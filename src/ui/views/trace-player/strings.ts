/** The trace player's words, in English and Korean. */
import type { Fate } from '../../../engine/netfilter/trace.ts';

/** conntrack's operations in Korean; the states (NEW, ESTABLISHED …) keep iptables' own names */
const CT_OP_KO: Record<string, string> = {
  lookup: '조회',
  new: '새 연결',
  update: '갱신',
  confirm: '확정',
  untracked: '추적 안 함',
  invalid: '잘못된 패킷',
  clash: '충돌',
};

export interface PlayerStrings {
  title: string;
  play: string;
  pause: string;
  stepBack: string;
  stepForward: string;
  first: string;
  last: string;
  speed: string;
  perSecond: string;
  reducedMotion: string;
  stepOf: (i: number, n: number) => string;
  beforeStart: string;
  keys: string;
  noSteps: string;
  result: string;
  fate: Record<Fate, string>;
  via: (iface: string) => string;
  dependsOn: (mods: string) => string;
  // step lines
  enters: string;
  loopback: string;
  inIface: string;
  outIface: string;
  priority: (p: number) => string;
  skipped: Record<'nat-initialized' | 'not-new' | 'untracked' | 'invalid', string>;
  matched: string;
  noMatch: string;
  skippedRules: (from: number, to: number, count: number, dst: string) => string;
  failedAt: (what: string) => string;
  countsOnly: string;
  jumpTo: (c: string) => string;
  gotoTo: (c: string) => string;
  returnTo: (c: string) => string;
  fellOff: (c: string) => string;
  policy: (v: string) => string;
  verdict: (target: string, v: string) => string;
  natFromCt: string;
  natReply: string;
  markSet: (what: string, from: string, to: string) => string;
  /** a header field or the priority rewritten by a target, or by the kernel itself (`by` null) */
  rewrite: (field: string, from: string, to: string, by: string | null) => string;
  conntrack: (op: string, state: string) => string;
  route: Record<
    | 'local'
    | 'forward'
    | 'output'
    | 'bridge'
    | 'reroute'
    | 'unreachable'
    | 'martian'
    | 'no-forwarding',
    string
  >;
  routing: string;
  unknownModule: (role: string, mod: string, assumed: string) => string;
  random: (taken: boolean, p: string) => string;
  /** a `-m recent` test: the list, the address, and whether it was there before */
  recent: (command: string, list: string, address: string, found: boolean) => string;
  loop: string;
  depth: string;
}

export const strings: { en: PlayerStrings; ko: PlayerStrings } = {
  en: {
    title: 'Trace',
    play: 'Play',
    pause: 'Pause',
    stepBack: 'Step back',
    stepForward: 'Step forward',
    first: 'First step',
    last: 'Last step',
    speed: 'Speed',
    perSecond: 'steps/s',
    reducedMotion: 'Reduced motion: play moves one step at a time',
    stepOf: (i, n) => `step ${i} of ${n}`,
    beforeStart: 'before the first step',
    keys: 'Space plays or pauses, ← and → step, Home and End jump to the first or last step',
    noSteps: 'No trace yet: send a packet.',
    result: 'Result',
    fate: {
      local: 'delivered to a local process',
      forward: 'forwarded',
      output: 'sent out',
      dropped: 'dropped',
      rejected: 'rejected',
    },
    via: (i) => `out ${i}`,
    dependsOn: (m) =>
      `outcome unknown, not guessed: it depends on ${m}, which the simulator cannot evaluate`,
    enters: 'enters',
    loopback: 'loopback, second half',
    inIface: 'in',
    outIface: 'out',
    priority: (p) => `priority ${p}`,
    skipped: {
      'nat-initialized': 'skipped: the connection already has its NAT mapping',
      'not-new': 'skipped: not the first packet of a connection',
      untracked: 'skipped: the packet is untracked',
      invalid: 'skipped: conntrack found the packet invalid',
    },
    matched: 'matched',
    noMatch: 'no match',
    skippedRules: (f, t, n, d) =>
      n > 1
        ? `${n} rules (#${f}–#${t}) pass by: their -d excludes ${d}`
        : `rule #${f} passes by: its -d excludes ${d}`,
    failedAt: (w) => `(${w} did not hold)`,
    countsOnly: 'no target, only counts',
    jumpTo: (c) => `jump → ${c}`,
    gotoTo: (c) => `goto → ${c}`,
    returnTo: (c) => `RETURN → back to ${c}`,
    fellOff: (c) => `end of chain → back to ${c}`,
    policy: (v) => `policy ${v}`,
    verdict: (t, v) => (t === v ? v : `${t} → ${v}`),
    natFromCt: 'from the conntrack entry',
    natReply: 'reply, translated back',
    markSet: (w, f, t) => `${w} ${f} → ${t}`,
    rewrite: (field, f, t, by) => `${field} ${f} → ${t}${by ? '' : ' (the kernel, on forwarding)'}`,
    conntrack: (op, st) => `conntrack ${op}: ${st}`,
    route: {
      local: 'for this host: local delivery',
      forward: 'forward',
      output: 'output',
      bridge: 'bridged',
      reroute: 're-routed after NAT',
      unreachable: 'no route: unreachable',
      martian: 'martian source: dropped',
      'no-forwarding': 'ip_forward is off: dropped',
    },
    routing: 'routing decision',
    unknownModule: (r, m, a) => `unknown ${r} ${m}: taken as ${a}`,
    random: (t, p) => `random branch ${t ? 'taken' : 'not taken'} (p = ${p})`,
    recent: (c, l, a, f) =>
      c === 'set'
        ? `recent list ${l}: ${a} recorded${f ? ' again' : ''}`
        : c === 'remove'
          ? `recent list ${l}: ${a} ${f ? 'removed' : 'was not there'}`
          : `recent list ${l}: ${a} ${f ? 'found (seen before)' : 'not found (not seen before)'}`,
    loop: 'jump loop',
    depth: 'too many nested jumps',
  },
  ko: {
    title: '추적',
    play: '재생',
    pause: '일시정지',
    stepBack: '한 단계 뒤로',
    stepForward: '한 단계 앞으로',
    first: '첫 단계',
    last: '마지막 단계',
    speed: '속도',
    perSecond: '단계/초',
    reducedMotion: '동작 줄이기 설정: 재생하면 한 단계씩 이동합니다',
    stepOf: (i, n) => `${n}단계 중 ${i}단계`,
    beforeStart: '첫 단계 전',
    keys: '스페이스로 재생·정지, ←·→로 한 단계씩, Home·End로 처음·마지막 단계로',
    noSteps: '아직 추적이 없습니다. 패킷을 보내 보세요.',
    result: '결과',
    fate: {
      local: '로컬 프로세스로 전달',
      forward: '포워딩',
      output: '송신',
      dropped: '버려짐',
      rejected: '거부됨',
    },
    via: (i) => `나가는 인터페이스 ${i}`,
    dependsOn: (m) =>
      `결과를 알 수 없음(추측하지 않음): 시뮬레이터가 평가하지 못하는 ${m}에 따라 달라짐`,
    enters: '진입',
    loopback: '루프백, 두 번째 구간',
    inIface: '입력',
    outIface: '출력',
    priority: (p) => `우선순위 ${p}`,
    skipped: {
      'nat-initialized': '건너뜀: 연결에 이미 NAT 매핑이 있음',
      'not-new': '건너뜀: 연결의 첫 패킷이 아님',
      untracked: '건너뜀: 추적하지 않는 패킷',
      invalid: '건너뜀: conntrack이 잘못된 패킷으로 판단',
    },
    matched: '일치',
    noMatch: '불일치',
    skippedRules: (f, t, n, d) =>
      n > 1
        ? `규칙 ${n}개(#${f}–#${t}) 통과: -d가 ${d}와 맞지 않음`
        : `규칙 #${f} 통과: -d가 ${d}와 맞지 않음`,
    failedAt: (w) => `(${w} 조건 불만족)`,
    countsOnly: '타깃 없음, 카운트만',
    jumpTo: (c) => `점프 → ${c}`,
    gotoTo: (c) => `goto → ${c}`,
    returnTo: (c) => `RETURN → ${c}(으)로 복귀`,
    fellOff: (c) => `체인 끝 → ${c}(으)로 복귀`,
    policy: (v) => `기본 정책 ${v}`,
    verdict: (t, v) => (t === v ? v : `${t} → ${v}`),
    natFromCt: 'conntrack 항목에 따라',
    natReply: '응답 패킷, 역변환',
    markSet: (w, f, t) => `${w} ${f} → ${t}`,
    rewrite: (field, f, t, by) => `${field} ${f} → ${t}${by ? '' : ' (포워딩하며 커널이 바꿈)'}`,
    conntrack: (op, st) => `conntrack ${CT_OP_KO[op] ?? op}: ${st}`,
    route: {
      local: '이 호스트 대상: 로컬 전달',
      forward: '포워딩',
      output: '송신',
      bridge: '브리지로 전달',
      reroute: 'NAT 뒤 경로 재결정',
      unreachable: '경로 없음: 도달 불가',
      martian: '비정상 출발지(martian): 버려짐',
      'no-forwarding': 'ip_forward 꺼짐: 버려짐',
    },
    routing: '라우팅 결정',
    unknownModule: (r, m, a) =>
      `알 수 없는 ${r === 'match' ? '매치' : '타깃'} ${m}: ${a}(으)로 간주`,
    random: (t, p) => `무작위 분기 ${t ? '선택됨' : '선택 안 됨'} (p = ${p})`,
    recent: (c, l, a, f) =>
      c === 'set'
        ? `recent 목록 ${l}: ${a} ${f ? '다시 ' : ''}기록`
        : c === 'remove'
          ? `recent 목록 ${l}: ${a} ${f ? '삭제' : '목록에 없음'}`
          : `recent 목록 ${l}: ${a} ${f ? '있음 (전에 본 주소)' : '없음 (처음 보는 주소)'}`,
    loop: '점프 순환',
    depth: '중첩 점프가 너무 깊음',
  },
};
