/** What the app says about NetworkPolicy decisions, in both languages. */
import type { LegEnd } from '../../engine/cluster/journey/index.ts';
import { ROUTED_POD_NETWORK_NOTE } from '../../engine/cluster/journey/pod-network-notes.ts';
import type { Lang } from '../views/shared/lang.ts';

type PolicyBlock = NonNullable<LegEnd['policy']>;

export interface NetpolStrings {
  /** the journey stopped in a pod's policy chain */
  blockedBy: (p: PolicyBlock) => string;
  /** how the pod network is modelled when Calico writes the rules */
  routedPodNetwork: string;
  /** the packet form: a pod's packet enters its node by the pod's own interface */
  viaRoutedPod: (node: string, dev: string) => string;
}

export const netpolStrings: Record<Lang, NetpolStrings> = {
  en: {
    blockedBy: (p) =>
      `Blocked by NetworkPolic${p.policies.length === 1 ? 'y' : 'ies'} ${p.policies.join(', ')}: ` +
      `${p.policies.length === 1 ? 'it isolates' : 'they isolate'} pod ${p.pod} for ${p.direction}, ` +
      `and none of ${p.policies.length === 1 ? 'its' : 'their'} rules allows this packet ` +
      `(${p.chain}, rule ${p.rule}).`,
    routedPodNetwork: ROUTED_POD_NETWORK_NOTE.en,
    viaRoutedPod: (node, dev) => `Enters ${node} by the pod's own interface ${dev} (no bridge).`,
  },
  ko: {
    blockedBy: (p) =>
      `NetworkPolicy ${p.policies.join(', ')}에 막혔습니다. 파드 ${p.pod}의 ` +
      `${p.direction === 'ingress' ? '인그레스(들어오는 트래픽)' : '이그레스(나가는 트래픽)'}가 ` +
      `격리되어 있는데, 이 패킷을 허용하는 규칙이 없습니다 (${p.chain}의 ${p.rule}번 규칙).`,
    routedPodNetwork: ROUTED_POD_NETWORK_NOTE.ko,
    viaRoutedPod: (node, dev) =>
      `파드 전용 인터페이스 ${dev}를 거쳐 ${node}로 들어옵니다(브리지 없음).`,
  },
};
