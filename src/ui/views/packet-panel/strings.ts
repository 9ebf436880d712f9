/** The packet panel's words, in English and Korean. */
import type { PacketField } from './packet-state.ts';

export interface PacketStrings {
  title: string;
  field: Record<PacketField, string>;
  changedBy: (cause: string) => string;
  was: (v: string) => string;
  arriving: string;
  empty: string;
}

export const strings: { en: PacketStrings; ko: PacketStrings } = {
  en: {
    title: 'Packet',
    field: {
      proto: 'protocol',
      src: 'source',
      sport: 'source port',
      dst: 'destination',
      dport: 'destination port',
      mark: 'mark',
      ttl: 'TTL',
      tos: 'TOS',
      length: 'length',
      ctstate: 'conntrack state',
      in: 'in interface',
      out: 'out interface',
    },
    changedBy: (c) =>
      c === 'kernel' ? 'changed by the kernel at this step' : `changed by ${c} at this step`,
    was: (v) => `was ${v}`,
    arriving: 'as it arrives',
    empty: 'No packet yet.',
  },
  ko: {
    title: '패킷',
    field: {
      proto: '프로토콜',
      src: '출발지',
      sport: '출발지 포트',
      dst: '목적지',
      dport: '목적지 포트',
      mark: '마크',
      ttl: 'TTL',
      tos: 'TOS',
      length: '길이',
      ctstate: 'conntrack 상태',
      in: '입력 인터페이스',
      out: '출력 인터페이스',
    },
    changedBy: (c) => (c === 'kernel' ? '이 단계에서 커널이 바꿈' : `이 단계의 ${c}(으)로 바뀜`),
    was: (v) => `원래 ${v}`,
    arriving: '도착한 그대로',
    empty: '아직 패킷이 없습니다.',
  },
};
