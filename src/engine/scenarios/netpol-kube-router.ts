/**
 * The same NetworkPolicy after Service DNAT, with the rules k3s's kube-router writes: one pod
 * chain serves both directions of a pod, the policy chain marks what it allows, and what is left
 * unmarked is rejected, so the client hears "connection refused" at once instead of waiting.
 */
import { NETPOL_YAML } from './netpol-after-dnat.ts';
import { packetForm } from './packet.ts';
import type { Scenario } from './types.ts';

const POLICY_AT = NETPOL_YAML.indexOf('---\n# Only frontend');

const withKubeRouter = (yaml: string): string =>
  yaml
    .replace(
      /^# Calico writes .*\n/,
      "# k3s's kube-router writes the NetworkPolicy rules (networkPolicy: kube-router); kube-proxy writes the Service's.\n",
    )
    .replace('networkPolicy: calico', 'networkPolicy: kube-router');

export const NETPOL_KUBE_ROUTER_YAML = withKubeRouter(NETPOL_YAML);
const BASE = withKubeRouter(NETPOL_YAML.slice(0, POLICY_AT));

export const netpolKubeRouter: Scenario = {
  id: 'netpol-kube-router',
  title: {
    en: 'NetworkPolicy after Service DNAT (kube-router, k3s)',
    ko: '서비스 DNAT 뒤의 NetworkPolicy (kube-router, k3s)',
  },
  summary: {
    en: "The same intruder, with k3s's kube-router: the database's pod chain rejects it after the DNAT, so the client is refused at once.",
    ko: '같은 intruder를 k3s의 kube-router로: DNAT이 끝난 뒤 DB 파드 체인이 거부하므로, 클라이언트는 바로 연결 거부를 받습니다.',
  },
  description: {
    en:
      'intruder connects to the Service shop/db at 10.96.50.50:80. kube-proxy on node-b rewrites ' +
      "the destination to db's 10.244.1.10:5432; on node-b intruder's own chain KUBE-POD-FW-… lets " +
      'it out (no policy isolates its egress, so KUBE-NWPLCY-DEFAULT marks it). On node-a, FORWARD ' +
      "jumps to KUBE-ROUTER-FORWARD, which sends packets to db's address into db's chain. That " +
      'chain runs the policy chain KUBE-NWPLCY-… of db-from-frontend, which marks (0x10000) only ' +
      "packets from frontend's set to port 5432. Nothing marks this one, so the chain logs it " +
      '(NFLOG group 100) and REJECTs it with icmp-port-unreachable. Without the policy db is not ' +
      'isolated: the default chain marks the packet, the pod chain sets 0x20000, and the accept ' +
      'k3s puts after the last KUBE rule of FORWARD lets it through.',
    ko:
      'intruder가 shop/db 서비스(10.96.50.50:80)로 접속합니다. node-b의 kube-proxy가 목적지를 db의 ' +
      '10.244.1.10:5432로 바꾸고, node-b에서는 intruder 자신의 체인 KUBE-POD-FW-…가 내보내 줍니다. ' +
      'intruder의 이그레스를 격리하는 정책이 없어서 KUBE-NWPLCY-DEFAULT가 표시를 붙이기 때문입니다. ' +
      'node-a에서 FORWARD는 KUBE-ROUTER-FORWARD로 점프하고, 여기서 db 주소로 가는 패킷은 db의 ' +
      '체인으로 갑니다. 이 체인은 db-from-frontend의 정책 체인 KUBE-NWPLCY-…를 거치는데, 정책 체인은 ' +
      'frontend의 집합에서 5432 포트로 오는 패킷에만 표시(0x10000)를 붙입니다. 이 패킷에는 표시가 ' +
      '없으니 체인이 기록(NFLOG 그룹 100)한 뒤 icmp-port-unreachable로 REJECT합니다. 정책이 없으면 ' +
      'db는 격리되지 않습니다. 기본 체인이 표시를 붙이고, 파드 체인이 0x20000을 설정하고, k3s가 ' +
      'FORWARD의 마지막 KUBE 규칙 뒤에 둔 허용 규칙이 패킷을 통과시킵니다.',
  },
  clusters: [
    { label: { en: 'no policy', ko: '정책 없음' }, yaml: BASE },
    {
      label: { en: 'db-from-frontend', ko: 'db-from-frontend 정책' },
      yaml: NETPOL_KUBE_ROUTER_YAML,
    },
  ],
  flow: { from: 'pod/default/intruder', to: 'svc/shop/db:sql' },
  packet: packetForm(
    { kind: 'pod', namespace: 'default', name: 'intruder' },
    { kind: 'service', namespace: 'shop', name: 'db', port: 80 },
    { entryNode: 'node-b' },
  ),
  node: 'node-b',
};
