/**
 * The known fields of each kind the compiler reads (Kubernetes' own, kube-proxy's
 * KubeProxyConfiguration, and this tool's Cluster document), built from the shared parts in
 * known-fields.ts. A key not found here is reported as unknown (field-check.ts).
 */
import {
  ANY,
  anyOf,
  LABEL_SELECTOR,
  object,
  POD_SPEC,
  POD_STATUS,
  POD_TEMPLATE,
  type Fields,
} from './known-fields.ts';

const SERVICE_PORT = anyOf('name', 'protocol', 'appProtocol', 'port', 'targetPort', 'nodePort');

const SERVICE = object({
  spec: {
    ...anyOf(
      'selector',
      'clusterIP',
      'clusterIPs',
      'type',
      'externalIPs',
      'sessionAffinity',
      'loadBalancerIP',
      'loadBalancerSourceRanges',
      'externalName',
      'externalTrafficPolicy',
      'healthCheckNodePort',
      'publishNotReadyAddresses',
      'ipFamilies',
      'ipFamilyPolicy',
      'allocateLoadBalancerNodePorts',
      'loadBalancerClass',
      'internalTrafficPolicy',
      'trafficDistribution',
    ),
    ports: [SERVICE_PORT],
    sessionAffinityConfig: { clientIP: anyOf('timeoutSeconds') },
  },
  status: {
    loadBalancer: { ingress: [anyOf('ip', 'hostname', 'ipMode', 'ports')] },
    conditions: ANY,
  },
});

const NODE = object({
  spec: anyOf(
    'podCIDR',
    'podCIDRs',
    'providerID',
    'unschedulable',
    'taints',
    'configSource',
    'externalID',
  ),
  status: {
    ...anyOf(
      'capacity',
      'allocatable',
      'phase',
      'conditions',
      'daemonEndpoints',
      'nodeInfo',
      'images',
      'volumesInUse',
      'volumesAttached',
      'config',
      'runtimeHandlers',
      'features',
      'declaredFeatures',
    ),
    addresses: [anyOf('type', 'address')],
  },
});

const POD = object({ spec: POD_SPEC, status: POD_STATUS });

const DEPLOYMENT = object({
  spec: {
    ...anyOf(
      'replicas',
      'minReadySeconds',
      'revisionHistoryLimit',
      'paused',
      'progressDeadlineSeconds',
    ),
    selector: LABEL_SELECTOR,
    template: POD_TEMPLATE,
    strategy: { type: ANY, rollingUpdate: anyOf('maxUnavailable', 'maxSurge') },
  },
  status: ANY,
});

const ENDPOINT_SLICE = object({
  addressType: ANY,
  endpoints: [
    {
      ...anyOf('addresses', 'hostname', 'nodeName', 'zone', 'hints', 'deprecatedTopology'),
      conditions: anyOf('ready', 'serving', 'terminating'),
      targetRef: anyOf('kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion'),
    },
  ],
  ports: [anyOf('name', 'protocol', 'port', 'appProtocol')],
});

const PEER: Fields = {
  podSelector: LABEL_SELECTOR,
  namespaceSelector: LABEL_SELECTOR,
  ipBlock: anyOf('cidr', 'except'),
};
const POLICY_PORT = anyOf('protocol', 'port', 'endPort');

const NETWORK_POLICY = object({
  spec: {
    podSelector: LABEL_SELECTOR,
    policyTypes: ANY,
    ingress: [{ from: [PEER], ports: [POLICY_PORT] }],
    egress: [{ to: [PEER], ports: [POLICY_PORT] }],
  },
  status: ANY,
});

const NAMESPACE = object({ spec: anyOf('finalizers'), status: ANY });

/** kube-proxy's v1alpha1 configuration: every top-level field; iptables and detectLocal inside. */
const KUBE_PROXY_CONFIGURATION: Fields = {
  ...anyOf(
    'apiVersion',
    'kind',
    'metadata',
    'clusterCIDR',
    'detectLocalMode',
    'nodePortAddresses',
    'mode',
    'bindAddress',
    'healthzBindAddress',
    'metricsBindAddress',
    'conntrack',
    'ipvs',
    'nftables',
    'winkernel',
    'featureGates',
    'clientConnection',
    'hostnameOverride',
    'oomScoreAdj',
    'portRange',
    'configSyncPeriod',
    'enableProfiling',
    'showHiddenMetricsForVersion',
    'bindAddressHardFail',
    'logging',
    'udpIdleTimeout',
    'windowsRunAsService',
    'syncPeriod',
    'minSyncPeriod',
  ),
  detectLocal: anyOf('bridgeInterface', 'interfaceNamePrefix'),
  iptables: anyOf(
    'masqueradeAll',
    'masqueradeBit',
    'localhostNodePorts',
    'minSyncPeriod',
    'syncPeriod',
  ),
};

/** The netfilter-lab/v1alpha1 Cluster document: closed, every field this tool defines. */
const CLUSTER: Fields = {
  ...anyOf('apiVersion', 'kind', 'serviceCIDR', 'backend', 'kubeProxyVersion', 'networkPolicy'),
  metadata: anyOf('name'),
  externalClients: [anyOf('name', 'address')],
  features: anyOf('randomFully', 'nfacct'),
};

/** The netfilter-lab/v1alpha1 DockerHost document (engine/docker): closed, as Cluster is. */
const DOCKER_HOST: Fields = {
  ...anyOf('apiVersion', 'kind'),
  metadata: anyOf('name'),
  spec: {
    ...anyOf('userlandProxy', 'icc', 'forwardPolicy'),
    interfaces: [anyOf('name', 'address', 'gateway')],
    networks: [anyOf('name', 'subnet', 'bridge', 'icc')],
    containers: [{ ...anyOf('name', 'ports'), networks: [anyOf('name', 'ip')] }],
  },
};

export const KNOWN_FIELDS: Readonly<Record<string, Fields>> = {
  Node: NODE,
  Pod: POD,
  Deployment: DEPLOYMENT,
  Service: SERVICE,
  EndpointSlice: ENDPOINT_SLICE,
  NetworkPolicy: NETWORK_POLICY,
  Namespace: NAMESPACE,
  KubeProxyConfiguration: KUBE_PROXY_CONFIGURATION,
  Cluster: CLUSTER,
  DockerHost: DOCKER_HOST,
};
