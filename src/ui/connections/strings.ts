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
