/** The probabilities view's words, in English and Korean. */
export interface ProbabilityStrings {
  title: string;
  outcome: string;
  exact: string;
  sampled: (runs: number) => string;
  send: (n: number) => string;
  sendHint: string;
  none: string;
  exactTitle: (fraction: string, paths: string) => string;
  countOf: (count: number, runs: number) => string;
  notSampled: string;
}

export const strings: { en: ProbabilityStrings; ko: ProbabilityStrings } = {
  en: {
    title: 'Where packets go',
    outcome: 'Outcome',
    exact: 'Exact share',
    sampled: (n) => (n ? `Sent ${n} packets` : 'Sampled'),
    send: (n) => `Send ${n} packets`,
    sendHint: 'Each packet starts a new connection, so each one meets the random rules afresh.',
    none: 'No outcomes: send a packet first.',
    exactTitle: (f, p) => `exactly ${f} of all packets${p}`,
    countOf: (c, n) => `${c} of ${n}`,
    notSampled: 'press a Send button to compare',
  },
  ko: {
    title: '패킷이 가는 곳',
    outcome: '결과',
    exact: '정확한 비율',
    sampled: (n) => (n ? `패킷 ${n}개 전송 결과` : '표본'),
    send: (n) => `패킷 ${n}개 보내기`,
    sendHint: '패킷마다 새 연결로 보내므로 무작위 규칙을 매번 새로 거칩니다.',
    none: '결과가 없습니다. 먼저 패킷을 보내 보세요.',
    exactTitle: (f, p) => `전체 패킷 중 정확히 ${f}${p}`,
    countOf: (c, n) => `${n}개 중 ${c}개`,
    notSampled: '보내기 버튼을 눌러 비교해 보세요',
  },
};
