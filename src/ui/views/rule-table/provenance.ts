/** The provenance the shell hands over, looked up by rule id, and put in one line. */
import type {
  ProvenanceSource,
  RuleProvenance,
  RuleRole,
} from '../../../engine/cluster/node/provenance.ts';
import type { Lang } from '../shared/lang.ts';

export type RuleProvenanceEntry = RuleProvenance & { ruleId: string };

/** The compiler's Map, or the same as a list of entries (what crosses the worker as JSON). */
export type ProvenanceInput = ReadonlyMap<string, RuleProvenance> | readonly RuleProvenanceEntry[];

export function provenanceIndex(
  p: ProvenanceInput | undefined,
): ReadonlyMap<string, RuleProvenance> {
  if (!p) return new Map();
  if (!Array.isArray(p)) return p as ReadonlyMap<string, RuleProvenance>;
  return new Map((p as readonly RuleProvenanceEntry[]).map((e) => [e.ruleId, e]));
}

const LINE: Record<Lang, (n: number) => string> = {
  en: (n) => `line ${n}`,
  ko: (n) => `${n}행`,
};

/** What each kind of rule is for, in Korean; English reads the role's own words. */
const ROLE_KO: Record<RuleRole, string> = {
  'hook-jump': '내장 체인에서 점프',
  'postrouting-return': '표시 없으면 복귀',
  'postrouting-unmark': '마스커레이드 표시 지우기',
  masquerade: '마스커레이드',
  'mark-for-masquerade': '마스커레이드 표시',
  'block-localnet': '밖에서 온 localhost 주소 차단',
  'forward-drop-invalid': 'INVALID 포워드 패킷 버림',
  'forward-accept-marked': '표시된 포워드 패킷 허용',
  'forward-accept-established': '이미 맺은 연결 허용',
  'cluster-ip': 'ClusterIP',
  'cluster-ip-masquerade': '클러스터 밖에서 온 ClusterIP 트래픽 마스커레이드',
  'external-ip': '외부 IP',
  'load-balancer-ip': '로드밸런서 IP',
  'node-port': 'NodePort',
  'node-port-localhost': 'localhost의 NodePort',
  'nodeports-jump': 'NodePort 체인으로 점프',
  'health-check-node-port': '헬스 체크 NodePort',
  'reject-no-endpoints': '엔드포인트 없음: 거부',
  'drop-no-local-endpoints': '로컬 엔드포인트 없음: 버림',
  'firewall-drop': '방화벽: 버림',
  'external-masquerade': '외부 트래픽 마스커레이드',
  'external-pod-shortcut': '파드 트래픽은 곧장 서비스로',
  'external-local-masquerade': '노드 자신의 트래픽 마스커레이드',
  'external-local-shortcut': '노드 자신의 트래픽은 곧장 서비스로',
  'external-policy': '외부 트래픽 정책',
  'firewall-allow-range': '허용된 출발지 범위',
  'firewall-allow-self': '노드 자신의 트래픽 허용',
  'firewall-fallthrough': '방화벽을 통과한 나머지',
  'affinity-check': '세션 어피니티 확인',
  'load-balance': '부하 분산',
  'endpoint-hairpin-masquerade': '헤어핀 마스커레이드',
  'endpoint-dnat': '엔드포인트로 DNAT',
  'policy-hook': 'CNI 체인으로 점프',
  'policy-static': 'CNI 공통 체인',
  'policy-dispatch': '인터페이스별 파드 체인 고르기',
  'policy-endpoint': '파드 체인',
  'policy-group': '같은 셀렉터 정책 묶음',
  'policy-allow': 'NetworkPolicy 허용 규칙',
  'policy-profile': '네임스페이스 기본 프로필',
  'policy-nat': 'CNI의 NAT',
};

function roleText(role: RuleRole, lang: Lang): string {
  return lang === 'ko' ? ROLE_KO[role] : role.replace(/-/g, ' ');
}

/** `Service default/web (spec.ports[0]) · line 82` */
export function sourceText(s: ProvenanceSource, lang: Lang = 'en'): string {
  const name = s.namespace ? `${s.namespace}/${s.name}` : s.name;
  return `${s.kind} ${name}${s.field ? ` (${s.field})` : ''} · ${LINE[lang](s.span.line)}`;
}

/** `kube-proxy · endpoint dnat · default/web:http → 10.42.0.43:8080` */
export function provenanceSummary(p: RuleProvenance, lang: Lang = 'en'): string {
  const parts: string[] = [p.writer, roleText(p.role, lang)];
  if (p.servicePort) parts.push(p.endpoint ? `${p.servicePort} → ${p.endpoint}` : p.servicePort);
  else if (p.endpoint) parts.push(p.endpoint);
  return parts.join(' · ');
}
