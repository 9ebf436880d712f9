/** The words of "connect twice" (a second connection from the same client), in both languages. */
export interface ConnectionStrings {
  button: string;
  hint: string;
  first: string;
  second: string;
}

export const strings: { en: ConnectionStrings; ko: ConnectionStrings } = {
  en: {
    button: 'Connect twice',
    hint: 'Then a second connection from the same client (the next source port): with ClientIP session affinity it goes to the same pod.',
    first: '1st connection',
    second: '2nd connection',
  },
  ko: {
    button: '두 번 연결',
    hint: '이어서 같은 클라이언트가 다음 출발지 포트로 한 번 더 연결합니다. ClientIP 세션 어피니티가 있으면 같은 파드로 갑니다.',
    first: '첫 번째 연결',
    second: '두 번째 연결',
  },
};

/** The journey's lines for session affinity (affinity.ts). */
export interface AffinityStrings {
  found: (address: string, list: string) => string;
  recorded: (address: string, list: string) => string;
}

export const affinityStrings: { en: AffinityStrings; ko: AffinityStrings } = {
  en: {
    found: (a, l) => `affinity: ${a} found in ${l}, same pod as before`,
    recorded: (a, l) => `affinity: ${a} recorded in ${l}`,
  },
  ko: {
    found: (a, l) => `어피니티: ${l}에서 ${a} 찾음, 전과 같은 파드로`,
    recorded: (a, l) => `어피니티: ${a}를 ${l}에 기록`,
  },
};
