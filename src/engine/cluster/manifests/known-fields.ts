/**
 * The fields Kubernetes knows, written out for the parts every workload shares (ObjectMeta,
 * label selectors, the pod template: PodSpec, Container, Probe …), so that a misspelled key is
 * told apart from a real field the compiler merely does not use. A subset of the API, chosen
 * for what manifests in tutorials and `kubectl get -o yaml` carry; where a value's inside is
 * large or free-form (volumes, affinity, securityContext, label maps) it is not looked into.
 */

/** Anything may be written below this key: a scalar, a free-form map, or a part not looked into. */
export const ANY = 0;

/** A mapping's known keys, each with what may be written below it. */
export interface Fields {
  readonly [key: string]: Field;
}

/** ANY, a mapping (its keys checked), or a list of mappings (`[fields]`, each item checked). */
export type Field = typeof ANY | Fields | readonly [Fields];

/** The same known keys with what they hold, all ANY. */
export function anyOf(...keys: string[]): Fields {
  const out: Record<string, Field> = {};
  for (const k of keys) out[k] = ANY;
  return out;
}

export const OBJECT_META: Fields = {
  ...anyOf(
    'name',
    'generateName',
    'namespace',
    'selfLink',
    'uid',
    'resourceVersion',
    'generation',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'labels',
    'annotations',
    'finalizers',
    'managedFields',
  ),
  ownerReferences: [anyOf('apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion')],
};

export const LABEL_SELECTOR: Fields = {
  matchLabels: ANY,
  matchExpressions: [anyOf('key', 'operator', 'values')],
};

const PORT_ACTION = anyOf('port', 'host');

const PROBE: Fields = {
  exec: anyOf('command'),
  httpGet: anyOf('path', 'port', 'host', 'scheme', 'httpHeaders'),
  tcpSocket: PORT_ACTION,
  grpc: anyOf('port', 'service'),
  ...anyOf(
    'initialDelaySeconds',
    'timeoutSeconds',
    'periodSeconds',
    'successThreshold',
    'failureThreshold',
    'terminationGracePeriodSeconds',
  ),
};

const LIFECYCLE_HANDLER: Fields = {
  exec: anyOf('command'),
  httpGet: anyOf('path', 'port', 'host', 'scheme', 'httpHeaders'),
  tcpSocket: PORT_ACTION,
  sleep: anyOf('seconds'),
};

export const CONTAINER: Fields = {
  ...anyOf(
    'name',
    'image',
    'imagePullPolicy',
    'command',
    'args',
    'workingDir',
    'envFrom',
    'resizePolicy',
    'restartPolicy',
    'volumeDevices',
    'terminationMessagePath',
    'terminationMessagePolicy',
    'securityContext',
    'stdin',
    'stdinOnce',
    'tty',
  ),
  ports: [anyOf('name', 'containerPort', 'hostPort', 'hostIP', 'protocol')],
  env: [anyOf('name', 'value', 'valueFrom')],
  resources: anyOf('limits', 'requests', 'claims'),
  volumeMounts: [
    anyOf(
      'name',
      'mountPath',
      'subPath',
      'subPathExpr',
      'readOnly',
      'recursiveReadOnly',
      'mountPropagation',
    ),
  ],
  livenessProbe: PROBE,
  readinessProbe: PROBE,
  startupProbe: PROBE,
  lifecycle: { postStart: LIFECYCLE_HANDLER, preStop: LIFECYCLE_HANDLER, stopSignal: ANY },
};

export const POD_SPEC: Fields = {
  ...anyOf(
    'volumes',
    'ephemeralContainers',
    'restartPolicy',
    'terminationGracePeriodSeconds',
    'activeDeadlineSeconds',
    'dnsPolicy',
    'nodeSelector',
    'serviceAccountName',
    'serviceAccount',
    'automountServiceAccountToken',
    'nodeName',
    'hostNetwork',
    'hostPID',
    'hostIPC',
    'shareProcessNamespace',
    'securityContext',
    'imagePullSecrets',
    'hostname',
    'subdomain',
    'affinity',
    'schedulerName',
    'tolerations',
    'hostAliases',
    'priorityClassName',
    'priority',
    'dnsConfig',
    'readinessGates',
    'runtimeClassName',
    'enableServiceLinks',
    'preemptionPolicy',
    'overhead',
    'topologySpreadConstraints',
    'setHostnameAsFQDN',
    'os',
    'hostUsers',
    'schedulingGates',
    'resourceClaims',
    'resources',
  ),
  containers: [CONTAINER],
  initContainers: [CONTAINER],
};

export const POD_STATUS: Fields = {
  ...anyOf(
    'phase',
    'message',
    'reason',
    'nominatedNodeName',
    'hostIP',
    'hostIPs',
    'podIP',
    'startTime',
    'initContainerStatuses',
    'containerStatuses',
    'ephemeralContainerStatuses',
    'qosClass',
    'resize',
    'resourceClaimStatuses',
    'observedGeneration',
  ),
  podIPs: [anyOf('ip')],
  conditions: [
    anyOf(
      'type',
      'status',
      'lastProbeTime',
      'lastTransitionTime',
      'reason',
      'message',
      'observedGeneration',
    ),
  ],
};

export const POD_TEMPLATE: Fields = { metadata: OBJECT_META, spec: POD_SPEC };

/** apiVersion, kind, metadata: what every object has at its top. */
export function object(rest: Fields): Fields {
  return { apiVersion: ANY, kind: ANY, metadata: OBJECT_META, ...rest };
}
