/** The words of the rules' family switch, in English and Korean. */
import type { Lang } from '../i18n/index.ts';
import type { AddressFamily } from '../../worker/protocol.ts';

export interface FamilyStrings {
  /** the switch's name for screen readers */
  switchLabel: string;
  option: Record<AddressFamily, string>;
  /** the tooltip of the family the trace did not use */
  notTraced: string;
  /** the command that prints the rules: iptables or ip6tables */
  tool: Record<AddressFamily, string>;
}

export const familyStrings: Record<Lang, FamilyStrings> = {
  en: {
    switchLabel: 'Address family of the rules shown',
    option: { ipv4: 'iptables (IPv4)', ipv6: 'ip6tables (IPv6)' },
    notTraced: 'The packet sent is of the other family: these rules did not see it',
    tool: { ipv4: 'iptables', ipv6: 'ip6tables' },
  },
  ko: {
    switchLabel: '보여 줄 규칙의 주소 체계',
    option: { ipv4: 'iptables (IPv4)', ipv6: 'ip6tables (IPv6)' },
    notTraced: '보낸 패킷은 다른 주소 체계라서 이 규칙들을 거치지 않았습니다',
    tool: { ipv4: 'iptables', ipv6: 'ip6tables' },
  },
};
