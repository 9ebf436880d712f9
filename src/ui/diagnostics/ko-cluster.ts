/** Korean sentences for the cluster YAML's diagnostics (read-kit, load, NetworkPolicy, checks). */
import { firstOf, when, withArgs, type Say } from './args.ts';
import { KO_EFFECTS } from './ko-effects.ts';
import { KO_YAML } from './ko-yaml.ts';

/** "should be a string": what the value was expected to be, as Korean says it before 하는데 */
const EXPECTED: Record<string, string> = {
  string: '문자열이어야',
  integer: '정수여야',
  boolean: 'true나 false여야',
  list: '리스트여야',
  mapping: '매핑이어야',
};

const badType: Say = firstOf([
  (a) =>
    withArgs(a, ['path', 'expected', 'got'], (v) =>
      EXPECTED[v.expected] === undefined
        ? undefined
        : `${v.path} 값은 ${EXPECTED[v.expected]} 하는데 ${v.got}입니다.`,
    ),
  (a) =>
    a['expected'] === 'label-string'
      ? withArgs(
          a,
          ['label', 'got'],
          (v) => `label "${v.label}"의 값은 문자열이어야 하는데 ${v.got}입니다.`,
        )
      : undefined,
  (a) =>
    a['expected'] === 'peer-mapping'
      ? withArgs(a, ['got'], (v) => `peer는 매핑이어야 하는데 ${v.got}입니다.`)
      : undefined,
  (a) =>
    a['expected'] === 'port-number-or-name'
      ? withArgs(a, ['got'], (v) => `port는 숫자나 포트 이름이어야 하는데 ${v.got}입니다.`)
      : undefined,
  (a) =>
    a['expected'] === 'rule-mapping'
      ? withArgs(
          a,
          ['direction', 'got'],
          (v) => `${v.direction} 규칙은 매핑이어야 하는데 ${v.got}입니다.`,
        )
      : undefined,
]);

const badValue: Say = firstOf([
  when('range', (a) =>
    withArgs(
      a,
      ['path', 'value', 'min', 'max'],
      (v) => `${v.path} 값이 ${v.value}입니다. ${v.min}부터 ${v.max} 사이여야 합니다.`,
    ),
  ),
  when('one-of', (a) =>
    withArgs(
      a,
      ['path', 'value', 'allowed'],
      (v) => `${v.path} 값이 "${v.value}"입니다. 다음 중 하나여야 합니다: ${v.allowed}`,
    ),
  ),
  when('ipv4', (a) => withArgs(a, ['value'], (v) => `IPv4 주소가 아닙니다: "${v.value}"`)),
  when('cidr', (a) =>
    withArgs(a, ['value'], (v) => `10.244.0.0/16 같은 IPv4 CIDR가 아닙니다: "${v.value}"`),
  ),
  when('protocol', (a) =>
    withArgs(
      a,
      ['value'],
      (v) =>
        `프로토콜은 TCP, UDP, SCTP 중 하나여야 합니다(Kubernetes는 대문자로 씁니다): ${v.value}`,
    ),
  ),
  when('ipblock-and-selectors', () => 'ipBlock이 있는 peer에는 selector를 함께 쓸 수 없습니다.'),
  when('endport-named', () => 'endPort를 쓰려면 port가 숫자여야 합니다.'),
  when('endport-below', (a) =>
    withArgs(
      a,
      ['endPort', 'port'],
      (v) => `endPort(${v.endPort})가 port(${v.port})보다 작습니다.`,
    ),
  ),
]);

const missingField: Say = firstOf([
  when('expression-key', () => 'match expression에는 key가 필요합니다.'),
  when('expression-values', (a) =>
    withArgs(a, ['operator'], (v) => `operator ${v.operator}에는 값이 하나 이상 필요합니다.`),
  ),
  when('ipblock-cidr', () => 'ipBlock에는 cidr가 필요합니다.'),
  when(
    'peer-empty',
    () => 'peer에는 podSelector, namespaceSelector, ipBlock 중 하나가 필요합니다.',
  ),
  when('policy-spec', () => 'NetworkPolicy에는 spec이 필요합니다.'),
]);

/** A field the kind does not know: where, the field it may stand for, and what leaving it out does. */
const unknownField: Say = (a) =>
  withArgs(a, ['field', 'kind', 'at'], (v) => {
    const where = v.at ? `${v.kind}의 ${v.at}` : v.kind;
    let s = `${where}에는 "${v.field}" 필드가 없습니다.`;
    const meant = a['meant'];
    if (meant === undefined) {
      s += ' 이 필드는 무시됩니다.';
      if (a['known'] !== undefined) s += ` (여기에 쓸 수 있는 필드: ${a['known']})`;
      return s;
    }
    s += ` 혹시 "${meant}"인가요?`;
    const effect = a['effect'] === undefined ? undefined : KO_EFFECTS[String(a['effect'])];
    const port = a['port'] === undefined ? undefined : String(a['port']);
    const said = typeof effect === 'function' ? effect(port) : effect;
    return said ? `${s} 이 필드는 무시되므로 ${said}.` : `${s} 이 필드는 무시됩니다.`;
  });

const notCompiled: Say = firstOf([
  when('quiet-kind', (a) =>
    withArgs(a, ['kind'], (v) => `${v.kind}: 그대로 두지만 kube-proxy가 할 일은 없습니다.`),
  ),
  when(
    'policy-not-enforced',
    () =>
      'NetworkPolicy를 읽었지만 적용하지는 않습니다. kube-proxy는 NetworkPolicy를 무시하고, 규칙은 CNI 플러그인이 씁니다(Cluster 문서에 networkPolicy: calico 또는 kube-router를 지정하세요).',
  ),
]);

const selectsNothing: Say = firstOf([
  (a) =>
    a['kind'] === 'NetworkPolicy'
      ? withArgs(
          a,
          ['namespace', 'name'],
          (v) =>
            `NetworkPolicy ${v.namespace}/${v.name}: namespace ${v.namespace}에 selector에 맞는 pod가 없어 아무것도 바꾸지 않습니다.`,
        )
      : undefined,
  (a) =>
    a['kind'] === 'Service'
      ? withArgs(
          a,
          ['name', 'selector', 'namespace'],
          (v) =>
            `Service ${v.name}: namespace ${v.namespace}에 selector(${v.selector})에 맞는 pod가 없어 endpoint가 없습니다.`,
        )
      : undefined,
]);

const PORT_NAME_EFFECT: Record<string, string> = {
  'every-port':
    '그래서 kube-router는 포트 조건 없이 규칙을 써서, peer에서 오는 모든 포트를 허용합니다.',
  nothing: '그래서 이 항목은 아무것도 허용하지 않습니다.',
};

const TARGET_PORT_EFFECT: Record<string, string> = {
  'no-endpoints': '이 포트에는 endpoint가 없습니다.',
  'pods-left-out': '이 pod들은 endpoint에서 빠집니다.',
};

const ASSUMED_NODES: Record<string, string> = {
  'named-nodes': 'pod와 endpoint가 가리키는 node들이',
  'two-nodes': 'node 두 개짜리 작은 클러스터가',
};

/** The assumed nodes, then (after a line break, as the English has it) the YAML to paste. */
const assumedNodes: Say = (a) =>
  withArgs(a, ['sentence', 'nodes', 'yaml', 'more'], (v) => {
    const which = ASSUMED_NODES[v.sentence];
    if (which === undefined) return undefined;
    const more = v.more === '1' ? '\n# … 다른 node마다 이런 문서를 하나씩 더 씁니다' : '';
    return `Node 객체가 없어 ${which} 있다고 가정합니다: ${v.nodes}. 직접 정하려면 다음과 같은 Node 객체를 추가하세요.\n---\n${v.yaml}${more}`;
  });

/** Values the description left out and the compiler chose. */
const assumed: Say = firstOf([
  assumedNodes,
  when('replicas-on-node', (a) =>
    withArgs(
      a,
      ['name', 'replicas', 'node'],
      (v) =>
        `Deployment ${v.name}의 replica ${v.replicas}개가 모두 ${v.node}에서 실행됩니다. pod 템플릿의 nodeName은 스케줄러를 거치지 않습니다.`,
    ),
  ),
  when('pod-node', (a) =>
    withArgs(
      a,
      ['pod', 'node'],
      (v) => `pod ${v.pod}에 spec.nodeName이 없어 ${v.node}에 배치합니다.`,
    ),
  ),
  when('pod-ip', (a) =>
    withArgs(
      a,
      ['pod', 'ip', 'node'],
      (v) => `pod ${v.pod}에 status.podIP가 없어 ${v.node}의 podCIDR에서 주소를 줍니다: ${v.ip}`,
    ),
  ),
  when('cluster-ip', (a) =>
    withArgs(
      a,
      ['name', 'ip', 'cidr'],
      (v) =>
        `Service ${v.name}에 spec.clusterIP가 없어 serviceCIDR ${v.cidr}에서 주소를 줍니다: ${v.ip}`,
    ),
  ),
  when('node-port', (a) =>
    withArgs(
      a,
      ['name', 'port', 'nodePort'],
      (v) => `Service ${v.name}의 포트 ${v.port}에 nodePort가 없어 배정합니다: ${v.nodePort}`,
    ),
  ),
  when('health-check-port', (a) =>
    withArgs(
      a,
      ['name', 'port'],
      (v) =>
        `externalTrafficPolicy가 Local인 LoadBalancer Service ${v.name}에 healthCheckNodePort가 없어 배정합니다: ${v.port}`,
    ),
  ),
  when('cluster-cidr', (a) =>
    withArgs(
      a,
      ['cidr'],
      (v) =>
        `KubeProxyConfiguration에 clusterCIDR가 없어 모든 node의 podCIDR를 담는 범위를 씁니다: ${v.cidr}`,
    ),
  ),
]);

export const KO_CLUSTER: Record<string, Say> = {
  assumed,
  'yaml-syntax': (a) => (a['yaml'] === undefined ? undefined : KO_YAML[String(a['yaml'])]),
  'not-an-object': firstOf([
    when('manifest', () => 'manifest는 apiVersion, kind, metadata를 가진 매핑이어야 합니다.'),
    when('list-item', (a) =>
      withArgs(a, ['index'], (v) => `목록의 항목이 객체가 아닙니다: items[${v.index}]`),
    ),
  ]),
  'missing-kind': () => '이 문서에 "kind"가 없습니다(Pod, Service, Node 등).',
  'unknown-kind': (a) =>
    withArgs(
      a,
      ['kind'],
      (v) =>
        `컴파일러가 모르는 kind입니다: ${v.kind}. 아는 kind는 Node, Pod, Deployment, Service, EndpointSlice, NetworkPolicy, KubeProxyConfiguration, Cluster입니다. 그대로 두지만 컴파일하지 않습니다.`,
    ),
  'bad-type': badType,
  'bad-value': badValue,
  'missing-field': missingField,
  'unknown-field': unknownField,
  'not-compiled': notCompiled,
  'duplicate-object': (a) =>
    withArgs(
      a,
      ['kind', 'name'],
      (v) => `${v.kind} ${v.name} 정의가 두 번 나옵니다. 이쪽은 무시합니다.`,
    ),
  'selects-nothing': selectsNothing,
  'unknown-port-name': (a) =>
    withArgs(a, ['namespace', 'protocol', 'name', 'effect'], (v) => {
      const effect = PORT_NAME_EFFECT[v.effect];
      if (effect === undefined) return undefined;
      return `이 규칙이 닿는 pod(namespace ${v.namespace})의 컨테이너 중 이름이 ${v.name}인 ${v.protocol} 포트를 선언한 것이 없습니다. ${effect}`;
    }),
  'unknown-target-port': (a) =>
    withArgs(a, ['name', 'protocol', 'pods', 'effect'], (v) => {
      const effect = TARGET_PORT_EFFECT[v.effect];
      if (effect === undefined) return undefined;
      return `다음 pod에는 이름이 "${v.name}"인 ${v.protocol} 컨테이너 포트가 없어 targetPort를 찾지 못합니다: ${v.pods}. ${effect}`;
    }),
  'unknown-service': (a) =>
    withArgs(
      a,
      ['slice', 'service'],
      (v) => `EndpointSlice ${v.slice}: 속한 Service(${v.service})가 정의되어 있지 않습니다.`,
    ),
  'leading-zeros': (a) =>
    withArgs(
      a,
      ['written', 'read'],
      (v) =>
        `"${v.written}"에 0으로 시작하는 숫자가 있습니다. kube-proxy는 숫자를 모두 10진수로 읽으므로 실제 값은 ${v.read}입니다. 엄격한 API 서버는 앞자리 0을 거부하니 이 값으로 고쳐 쓰세요.`,
    ),
};
