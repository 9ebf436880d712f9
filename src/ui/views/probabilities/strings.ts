/** The probabilities view's words, in English and Korean. */
export interface ProbabilityStrings {
  title: string;
  outcome: string;
  exact: string;
  sampled: (runs: number) => string;
  send: (n: number) => string;
  sendHint: string;
  none: string;
  exactTitle: (fraction: string, note: string) => string;
  /** why a share is a fraction over 2³¹ or more rather than a third or a fifth */
  rounding: string;
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
    exactTitle: (f, note) => `Exactly ${f} of all packets.${note ? ` ${note}` : ''}`,
    rounding:
      'kube-proxy writes each probability with 11 decimals (0.33333333349 for a third), and the ' +
      'kernel keeps it as p × 2³¹ rounded to a whole number: so the shares are fractions over ' +
      'powers of two, a hair away from a plain third or fifth.',
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
    exactTitle: (f, note) => `전체 패킷 중 정확히 ${f}입니다.${note ? ` ${note}` : ''}`,
    rounding:
      'kube-proxy는 확률을 소수점 아래 11자리로 쓰고(3분의 1이면 0.33333333349), 커널은 이 값을 ' +
      'p × 2³¹을 반올림한 정수로 저장합니다. 그래서 비율이 2의 거듭제곱을 분모로 하는 분수가 되어 ' +
      '정확한 3분의 1이나 5분의 1과 아주 조금 다릅니다.',
    countOf: (c, n) => `${n}개 중 ${c}개`,
    notSampled: '보내기 버튼을 눌러 비교해 보세요',
  },
};
