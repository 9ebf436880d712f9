/** The packet builder's newer words, in English and Korean (the older ones live in i18n/). */
export interface PacketBuilderStrings {
  groupExternal: string;
  srcMac: string;
  srcMacHint: string;
  /** the fold holding the source MAC when the dump has no -m mac rule */
  more: string;
  /** why the field is out: the dump's -m mac rules */
  macRules: (n: number) => string;
}

export const strings: { en: PacketBuilderStrings; ko: PacketBuilderStrings } = {
  en: {
    groupExternal: 'LoadBalancer and external IPs',
    srcMac: 'Source MAC',
    srcMacHint: 'empty: none (-m mac --mac-source matches no rule)',
    more: 'More: source MAC',
    macRules: (n) =>
      `${n.toLocaleString('en')} rule${n === 1 ? '' : 's'} of the dump match${n === 1 ? 'es' : ''} -m mac --mac-source`,
  },
  ko: {
    groupExternal: 'LoadBalancer·외부 IP',
    srcMac: '출발지 MAC',
    srcMacHint: '비워 두면 MAC 없음 (-m mac --mac-source 규칙에 매치되지 않음)',
    more: '더 보기: 출발지 MAC',
    macRules: (n) =>
      `덤프에 -m mac --mac-source 로 매치하는 규칙이 ${n.toLocaleString('ko')}개 있습니다`,
  },
};
