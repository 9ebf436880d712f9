/**
 * What leaving out a misspelled field does, in Korean: the entries of the engine's
 * cluster/manifests/field-effects.ts by the same keys. Each clause follows "이 필드는 무시되므로".
 */
type Effect = string | ((port: string | undefined) => string);

const POD: Record<string, Effect> = {
  'metadata.labels': 'pod에 label이 없어 어떤 Service selector에도 맞지 않습니다',
  'spec.nodeName': 'pod가 놓일 node는 컴파일러가 고릅니다',
  'spec.containers': 'pod에 컨테이너도 포트도 선언되지 않습니다',
  'spec.containers.ports':
    '컨테이너에 선언된 포트가 없어, 이름으로 포트를 가리키는 Service targetPort는 아무것도 찾지 못합니다',
  'spec.containers.ports.name':
    '포트에 이름이 없어, 이 이름을 가리키는 targetPort는 아무것도 찾지 못합니다',
  'spec.containers.ports.protocol': '포트는 TCP로 봅니다',
  'status.podIP': 'pod 주소는 node의 podCIDR에서 정해집니다',
  'status.conditions': 'pod는 ready로 봅니다',
  'status.phase': 'pod는 실행 중(Running)으로 봅니다',
};

const OTHERS: Record<string, Effect> = {
  'Service spec.selector':
    'Service에 selector가 없습니다. 어떤 pod도 고르지 않으니 kube-proxy도 endpoint를 만들지 않습니다',
  'Service spec.ports': 'Service에 포트가 없어 kube-proxy가 규칙을 하나도 쓰지 않습니다',
  'Service spec.ports.targetPort': (port) =>
    port === undefined
      ? '트래픽은 기본 targetPort인 Service 포트 번호 그대로 갑니다'
      : `트래픽은 기본 targetPort인 Service 포트 번호 그대로(${port}) 갑니다`,
  'Service spec.ports.nodePort': 'nodePort는 30000번부터 차례로 배정됩니다',
  'Service spec.ports.protocol': '포트는 TCP로 봅니다',
  'Service spec.ports.name': '포트에 이름이 없습니다',
  'Service spec.type': 'Service는 클러스터 안에서만 닿는 ClusterIP Service로 남습니다',
  'Service spec.clusterIP': 'clusterIP는 service CIDR에서 배정됩니다',
  'Service spec.externalTrafficPolicy':
    'externalTrafficPolicy는 Cluster로 남습니다. 밖에서 온 트래픽은 어느 node의 endpoint로든 가며 masquerade되므로 pod는 클라이언트 주소를 보지 못합니다',
  'Service spec.internalTrafficPolicy':
    'internalTrafficPolicy는 Cluster로 남습니다. 안에서 온 트래픽은 어느 node의 endpoint로든 갑니다',
  'Service spec.sessionAffinity':
    'sessionAffinity는 None으로 남아 연결마다 endpoint를 새로 고릅니다',
  'Service spec.sessionAffinityConfig': 'affinity 타임아웃은 10800초 그대로입니다',
  'Service spec.externalIPs': 'Service에 external IP가 없습니다',
  'Service spec.loadBalancerSourceRanges': '어느 출발지 주소든 로드밸런서를 쓸 수 있습니다',
  'Service spec.publishNotReadyAddresses': 'ready가 아닌 pod는 endpoint에서 빠집니다',
  'Service spec.allocateLoadBalancerNodePorts':
    'LoadBalancer Service에는 기본값대로 NodePort가 배정됩니다',
  'Service spec.healthCheckNodePort': 'healthCheckNodePort가 배정됩니다',
  'Service metadata.namespace': 'Service는 default namespace에 있습니다',
  'Deployment spec.replicas': 'Deployment는 기본값인 replica 1개로 실행됩니다',
  'Deployment spec.template': 'Deployment에 pod 템플릿이 없어 pod를 하나도 실행하지 않습니다',
  'Deployment spec.selector': 'Deployment의 selector가 비어 있습니다',
  'Deployment metadata.namespace': 'Deployment와 그 pod는 default namespace에 있습니다',
  'Pod metadata.namespace': 'pod는 default namespace에 있습니다',
  'Node spec.podCIDR': 'node에 podCIDR가 없어 pod가 주소도 route도 받지 못합니다',
  'Node status.addresses': 'node에 InternalIP가 없습니다',
  'EndpointSlice endpoints.conditions.ready': 'endpoint는 ready로 봅니다',
  'EndpointSlice endpoints.conditions.serving': 'serving은 ready를 따릅니다',
  'EndpointSlice endpoints.conditions.terminating': 'endpoint는 종료 중이 아닌 것으로 봅니다',
  'EndpointSlice endpoints.nodeName': 'endpoint가 알려진 node 어디에도 없습니다',
  'KubeProxyConfiguration clusterCIDR': 'clusterCIDR는 node들의 podCIDR로 짐작합니다',
  'KubeProxyConfiguration detectLocalMode': 'detectLocalMode는 ClusterCIDR로 남습니다',
  'KubeProxyConfiguration iptables.masqueradeAll': 'masqueradeAll은 false로 남습니다',
  'KubeProxyConfiguration iptables.masqueradeBit':
    'masquerade mark는 14번 비트(0x4000) 그대로입니다',
  'Cluster serviceCIDR': 'service CIDR는 10.96.0.0/12 그대로입니다',
  'Cluster backend': 'iptables 백엔드는 nft 그대로입니다',
  'Cluster kubeProxyVersion': 'kube-proxy의 현재 규칙 배치로 씁니다',
};

export const KO_EFFECTS: Record<string, Effect> = { ...OTHERS };
for (const [path, effect] of Object.entries(POD)) KO_EFFECTS[`Pod ${path}`] = effect;
