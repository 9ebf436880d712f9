/**
 * A dual-stack cluster: every node, pod and the Service have an address of each family, and
 * kube-proxy runs two proxiers, one writing iptables rules for IPv4 and one writing ip6tables
 * rules for IPv6. The flow followed is the IPv4 one; `compile --family ipv6` prints the node's
 * IPv6 rules (scenarios/dual-stack.test.ts holds both as goldens).
 */
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

export const DUAL_STACK_YAML = `# A dual-stack cluster: serviceCIDR names one range per family, IPv4 first (the primary family).
apiVersion: netfilter-lab/v1alpha1
kind: Cluster
serviceCIDR: "10.96.0.0/16,fd00:10:96::/112"
---
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clusterCIDR: "10.244.0.0/16,fd00:10:244::/56"
---
apiVersion: v1
kind: Node
metadata: {name: node-a}
spec: {podCIDRs: [10.244.0.0/24, "fd00:10:244::/64"]}
status:
  addresses:
    - {type: InternalIP, address: 192.168.10.11}
    - {type: InternalIP, address: "fd00:192:168:10::11"}
---
apiVersion: v1
kind: Node
metadata: {name: node-b}
spec: {podCIDRs: [10.244.1.0/24, "fd00:10:244:1::/64"]}
status:
  addresses:
    - {type: InternalIP, address: 192.168.10.12}
    - {type: InternalIP, address: "fd00:192:168:10::12"}
---
apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec:
  nodeName: node-a
  containers: [{name: web, image: nginx, ports: [{name: http, containerPort: 8080}]}]
status: {podIPs: [{ip: 10.244.0.5}, {ip: "fd00:10:244::5"}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-2, labels: {app: web}}
spec:
  nodeName: node-b
  containers: [{name: web, image: nginx, ports: [{name: http, containerPort: 8080}]}]
status: {podIPs: [{ip: 10.244.1.7}, {ip: "fd00:10:244:1::7"}]}
---
apiVersion: v1
kind: Pod
metadata: {name: client}
spec:
  nodeName: node-b
  containers: [{name: curl, image: curlimages/curl}]
status: {podIPs: [{ip: 10.244.1.20}, {ip: "fd00:10:244:1::20"}]}
---
# PreferDualStack: one cluster IP per family, IPv4 first as the cluster's primary family
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  type: NodePort
  ipFamilyPolicy: PreferDualStack
  ipFamilies: [IPv4, IPv6]
  clusterIPs: [10.96.0.80, "fd00:10:96::80"]
  selector: {app: web}
  ports:
    - {protocol: TCP, port: 80, targetPort: http, nodePort: 30080}
`;

export const dualStack: Scenario = {
  id: 'dual-stack',
  title: {
    en: 'A dual-stack Service: iptables and ip6tables',
    ko: '듀얼 스택 서비스: iptables와 ip6tables',
  },
  summary: {
    en: 'One Service, two cluster IPs: kube-proxy writes the same chains once per family.',
    ko: '서비스 하나에 클러스터 IP 두 개: kube-proxy는 같은 체인을 패밀리마다 따로 씁니다.',
  },
  description: {
    en:
      'The Service asks for both families (PreferDualStack), so it has an IPv4 cluster IP and an ' +
      'IPv6 one, and its pods have one address of each family. kube-proxy runs one proxier per ' +
      'family: the IPv4 one writes iptables rules, the IPv6 one ip6tables rules. The KUBE-SVC chain ' +
      'has the same name in both, since its name comes from the Service port alone; the KUBE-SEP ' +
      'chains differ, since the endpoint is part of their name ([fd00:10:244::5]:8080 in IPv6). ' +
      'IPv6 has no route_localnet, so NodePorts never answer on ::1. The packet followed here is ' +
      "the IPv4 one; `compile --family ipv6` prints the node's IPv6 rules.",
    ko:
      '서비스가 두 패밀리를 모두 요청하므로(PreferDualStack) IPv4 클러스터 IP와 IPv6 클러스터 IP를 ' +
      '하나씩 받고, 파드도 패밀리마다 주소가 하나씩 있습니다. kube-proxy는 패밀리마다 프록시를 따로 ' +
      '돌려서 IPv4 쪽은 iptables 규칙을, IPv6 쪽은 ip6tables 규칙을 씁니다. KUBE-SVC 체인 이름은 ' +
      '서비스 포트만으로 정해지므로 두 쪽이 같고, KUBE-SEP 체인은 엔드포인트가 이름에 들어가므로 ' +
      '다릅니다(IPv6에서는 [fd00:10:244::5]:8080). IPv6에는 route_localnet이 없어서 ::1로는 ' +
      'NodePort가 열리지 않습니다. 여기서 따라가는 패킷은 IPv4이고, 노드의 IPv6 규칙은 ' +
      '`compile --family ipv6`로 볼 수 있습니다.',
  },
  clusters: [{ label: { en: 'IPv4 and IPv6', ko: 'IPv4와 IPv6' }, yaml: DUAL_STACK_YAML }],
  flow: { from: 'pod/default/client', to: 'svc/default/web:80' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'client' },
    { kind: 'service', namespace: 'default', name: 'web', port: 80 },
    { entryNode: 'node-b' },
  ),
  node: 'node-b',
};
