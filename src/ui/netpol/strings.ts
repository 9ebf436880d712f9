/** What the app says about NetworkPolicy decisions, in both languages. */
import type { LegEnd } from '../../engine/cluster/journey/types.ts';
import type { Lang } from '../views/shared/lang.ts';

type PolicyBlock = NonNullable<LegEnd['policy']>;

export interface NetpolStrings {
  /** the journey stopped in a pod's policy chain */
  blockedBy: (p: PolicyBlock) => string;
}

export const netpolStrings: Record<Lang, NetpolStrings> = {
  en: {
    blockedBy: (p) =>
      `Blocked by NetworkPolic${p.policies.length === 1 ? 'y' : 'ies'} ${p.policies.join(', ')}: ` +
      `${p.policies.length === 1 ? 'it isolates' : 'they isolate'} pod ${p.pod} for ${p.direction}, ` +
      `and none of ${p.policies.length === 1 ? 'its' : 'their'} rules allows this packet ` +
      `(${p.chain}, rule ${p.rule}).`,
  },
  ko: {
    blockedBy: (p) =>
      `NetworkPolicy ${p.policies.join(', ')}에 막혔습니다. 파드 ${p.pod}의 ` +
      `${p.direction === 'ingress' ? '인그레스(들어오는 트래픽)' : '이그레스(나가는 트래픽)'}가 ` +
      `격리되어 있는데, 이 패킷을 허용하는 규칙이 없습니다 (${p.chain}의 ${p.rule}번 규칙).`,
  },
};
