/**
 * What the journey assumes of the pod network, in both languages. A file of its own, importing
 * nothing, so the UI can show the sentence without loading the journey and the netfilter model.
 */
export const POD_NETWORK_NOTE = {
  en:
    "Pod networking is modelled plainly: each node's podCIDR sits on a bridge (cni0) with one veth " +
    "per pod (hairpin on), the other nodes' podCIDRs are routed via their node IPs, bridge " +
    'netfilter is on; no overlay and no CNI rules of its own.',
  ko:
    '파드 네트워크는 단순하게 모델링합니다: 각 노드의 podCIDR은 브리지(cni0)에 있고 파드마다 veth가 ' +
    '하나씩 붙습니다(hairpin 켜짐). 다른 노드의 podCIDR은 그 노드 IP를 거쳐 라우팅되고, 브리지 ' +
    'netfilter는 켜져 있습니다. 오버레이나 CNI 자체 규칙은 없습니다.',
} as const;

/** The pod network with Calico's rules: routed interfaces, no bridge (hosts.ts). */
export const ROUTED_POD_NETWORK_NOTE = {
  en:
    'Pod networking as Calico sets it up: each pod has its own host interface (cali…) and the node ' +
    "routes the pod's address to it, with no bridge; the other nodes' podCIDRs are routed via " +
    'their node IPs, no overlay. NetworkPolicy is enforced by the cali-* chains.',
  ko:
    '파드 네트워크는 Calico 방식입니다: 파드마다 호스트 쪽 인터페이스(cali…)가 따로 있고, 노드는 ' +
    '파드 주소를 그 인터페이스로 라우팅합니다(브리지 없음). 다른 노드의 podCIDR은 그 노드 IP를 ' +
    '거쳐 라우팅되고 오버레이는 없습니다. NetworkPolicy는 cali-* 체인이 적용합니다.',
} as const;
