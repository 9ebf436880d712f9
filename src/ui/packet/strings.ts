/** The packet builder's newer words, in English and Korean (the older ones live in i18n/). */
export interface PacketBuilderStrings {
  groupExternal: string;
}

export const strings: { en: PacketBuilderStrings; ko: PacketBuilderStrings } = {
  en: {
    groupExternal: 'LoadBalancer and external IPs',
  },
  ko: {
    groupExternal: 'LoadBalancer·외부 IP',
  },
};
