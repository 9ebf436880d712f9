/**
 * YAML text → ClusterModel: reads every manifest, expands Deployments into pods, fills in what
 * the description left out (pod IPs, ClusterIPs, NodePorts, clusterCIDR) deterministically and
 * says so with an info diagnostic, then runs the cross-object checks.
 */
import type { SourceSpan } from '../../rules/index.ts';
import { assumeNodes } from './assume-nodes.ts';
import { ClusterReport, type ClusterDiagnostic } from './diagnostics.ts';
import { checkFields } from './field-check.ts';
import { isHeadless, readEndpointSlice, readNode, readPod, readService } from './read-core.ts';
import {
  defaultProxyConfig,
  defaultSettings,
  readProxyConfig,
  readSettings,
} from './read-config.ts';
import {
  readDeployment,
  replicaNames,
  TEMPLATE_NODE,
  type DeploymentSpec,
} from './read-deployment.ts';
import { Reader } from './read-kit.ts';
import { checkPolicies, readNamespace, readNetworkPolicy } from '../netpol/index.ts';
import { visitManifests, type Located } from './source.ts';
import { validateCluster } from './validate.ts';
import { allocateIPv6, settleFamilies } from './load-families.ts';
import { allocateServiceAddresses, defaultClusterCIDR, placePods } from './load-addresses.ts';
import {
  clusterFamilies,
  spanOf,
  type ClusterModel,
  type ClusterPod,
  type ObjectRef,
} from '../model/model.ts';

export interface LoadResult {
  model: ClusterModel;
  diagnostics: ClusterDiagnostic[];
}

export const LAB_API_VERSION = 'netfilter-lab/v1alpha1';
export const PROXY_API_VERSION = 'kubeproxy.config.k8s.io/v1alpha1';

/** Kinds that are fine in a manifest set but give kube-proxy nothing to do. */
const QUIET_KINDS = new Set(['Namespace', 'ConfigMap', 'Secret', 'ServiceAccount']);

export function loadCluster(text: string): LoadResult {
  // what the YAML itself gets reported for comes first, as when it was all read before the rest
  const split = new ClusterReport();
  let loading = startLoading();
  visitManifests(
    text,
    split,
    (obj) => loading.read(obj),
    () => (loading = startLoading()),
  );
  return loading.finish(split);
}

interface Loading {
  /** reads one manifest into the model */
  read(obj: Located): void;
  /** fills in and checks the model once every manifest is read */
  finish(split: ClusterReport): LoadResult;
}

/** A Service, with a note when kube-proxy writes no rules for it (ExternalName, headless). */
function readServiceDoc(r: Reader): ReturnType<typeof readService> {
  const s = readService(r);
  if (!s) return s;
  if (s.type === 'ExternalName')
    r.info(
      ['spec', 'type'],
      'not-compiled',
      `ExternalName Service ${s.name} is a DNS alias; kube-proxy writes no rules for it`,
    );
  else if (isHeadless(r))
    r.info(
      ['spec', 'clusterIP'],
      'not-compiled',
      `headless Service ${s.name} (clusterIP: None) gets no kube-proxy rules; clients reach the pods directly`,
    );
  return s;
}

/** The KubeProxyConfiguration, unless one was read already; true when this one was taken. */
function readProxyDoc(
  r: Reader,
  apiVersion: unknown,
  model: ClusterModel,
  haveProxy: boolean,
): boolean {
  if (apiVersion !== PROXY_API_VERSION)
    r.warn(['apiVersion'], 'bad-value', `KubeProxyConfiguration is read as ${PROXY_API_VERSION}`);
  if (haveProxy) {
    r.error(
      ['kind'],
      'duplicate-object',
      'a second KubeProxyConfiguration is ignored; kube-proxy reads one',
    );
    return false;
  }
  model.proxy = readProxyConfig(r);
  return true;
}

/** The lab's own Cluster document, unless one was read already; true when this one was taken. */
function readClusterDoc(
  r: Reader,
  apiVersion: unknown,
  model: ClusterModel,
  haveSettings: boolean,
): boolean {
  if (apiVersion !== LAB_API_VERSION) {
    r.warn(
      ['apiVersion'],
      'unknown-kind',
      `kind Cluster is only known as apiVersion ${LAB_API_VERSION}; this one is ignored`,
    );
    return false;
  }
  if (haveSettings) {
    r.error(['kind'], 'duplicate-object', 'a second Cluster document is ignored');
    return false;
  }
  model.settings = readSettings(r);
  return true;
}

/** A kind the compiler does not read: kept, and said so. */
function keepUnknown(r: Reader, model: ClusterModel, kind: string): void {
  const name = r.str(['metadata', 'name']) ?? '';
  const ns = r.str(['metadata', 'namespace']);
  model.unknown.push(
    ns === undefined
      ? { kind, name, span: r.span() }
      : { kind, namespace: ns, name, span: r.span() },
  );
  if (QUIET_KINDS.has(kind))
    r.info(['kind'], 'not-compiled', `${kind} is kept but gives kube-proxy nothing to do`, {
      sentence: 'quiet-kind',
      kind,
    });
  else
    r.warn(
      ['kind'],
      'unknown-kind',
      `kind ${kind} is not one the compiler knows (Node, Pod, Deployment, Service, EndpointSlice, NetworkPolicy, KubeProxyConfiguration, Cluster); it is kept but not compiled`,
      { kind },
    );
}

function startLoading(): Loading {
  const report = new ClusterReport();
  const model: ClusterModel = {
    nodes: [],
    pods: [],
    services: [],
    endpointSlices: [],
    networkPolicies: [],
    namespaces: [],
    proxy: defaultProxyConfig(),
    settings: defaultSettings(),
    unknown: [],
  };
  const deployments: DeploymentSpec[] = [];
  const seen = new Map<string, ObjectRef>();
  /** each Service's reader, for the family checks once the cluster's families are known */
  const serviceReaders: Reader[] = [];
  let haveProxy = false;
  let haveSettings = false;
  /** where the first manifest names its kind: what is said about the whole text points there */
  let first: SourceSpan | undefined;

  const unique = (ref: ObjectRef, r: Reader): boolean => {
    const key = `${ref.kind}/${ref.namespace ?? ''}/${ref.name}`;
    if (seen.has(key)) {
      r.error(
        ['metadata', 'name'],
        'duplicate-object',
        `${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name} is defined twice; this one is ignored`,
        { kind: ref.kind, name: ref.namespace ? `${ref.namespace}/${ref.name}` : ref.name },
      );
      return false;
    }
    seen.set(key, ref);
    return true;
  };

  const read = (obj: Located): void => {
    const r = new Reader(obj, report);
    const kind = obj.value['kind'];
    const apiVersion = obj.value['apiVersion'];
    first ??= r.span(['kind']);
    if (typeof kind !== 'string' || kind === '') {
      r.error([], 'missing-kind', 'this document has no "kind" (Pod, Service, Node, …)');
      return;
    }
    // a Cluster document of another apiVersion is ignored whole: its keys say nothing
    if (kind !== 'Cluster' || apiVersion === LAB_API_VERSION) checkFields(obj, kind, report);
    if (kind === 'Namespace') {
      const ns = readNamespace(r);
      if (ns && !model.namespaces.some((n) => n.name === ns.name)) model.namespaces.push(ns);
    }
    switch (kind) {
      case 'Node': {
        const n = readNode(r);
        if (n && unique(n.ref, r)) model.nodes.push(n);
        break;
      }
      case 'Pod': {
        const p = readPod(r);
        if (p && unique(p.ref, r)) model.pods.push(p);
        break;
      }
      case 'Deployment': {
        const d = readDeployment(r);
        if (d && unique(d.ref, r)) deployments.push(d);
        break;
      }
      case 'Service': {
        const s = readServiceDoc(r);
        if (s && unique(s.ref, r)) {
          model.services.push(s);
          serviceReaders.push(r);
        }
        break;
      }
      case 'EndpointSlice': {
        const e = readEndpointSlice(r);
        if (e && unique(e.ref, r)) model.endpointSlices.push(e);
        break;
      }
      case 'NetworkPolicy': {
        const np = readNetworkPolicy(r);
        if (np && unique(np.ref, r)) model.networkPolicies.push(np);
        break;
      }
      case 'KubeProxyConfiguration':
        if (readProxyDoc(r, apiVersion, model, haveProxy)) haveProxy = true;
        break;
      case 'Cluster':
        if (readClusterDoc(r, apiVersion, model, haveSettings)) haveSettings = true;
        break;
      case 'DockerHost': // a host of its own, compiled by engine/docker: no kube-proxy rules
        r.info(['kind'], 'not-compiled', 'a DockerHost is compiled as a Docker host, not a node');
        break;
      default:
        keepUnknown(r, model, kind);
    }
  };

  const finish = (split: ClusterReport): LoadResult => {
    // plain manifests name no node: their pods and Services still need some to run on
    if (first && (deployments.length > 0 || model.pods.length > 0 || model.services.length > 0))
      assumeNodes(
        model,
        report,
        first,
        deployments.map((d) => d.nodeName),
      );
    settleFamilies(model, serviceReaders, report);
    expandDeployments(model, deployments, report);
    placePods(model, report);
    allocateServiceAddresses(model, report);
    if (clusterFamilies(model.settings).includes('IPv6')) allocateIPv6(model, report);
    defaultClusterCIDR(model, report);
    validateCluster(model, report);
    checkPolicies(model, report);
    return { model, diagnostics: [...split.diagnostics, ...report.diagnostics] };
  };

  return { read, finish };
}

/** Where a Deployment's replicas go: spread round-robin, or all on the template's nodeName. */
function replicaNode(
  model: ClusterModel,
  d: DeploymentSpec,
  report: ClusterReport,
): (i: number) => string | null {
  if (d.nodeName === null)
    return (i) => (model.nodes.length > 0 ? model.nodes[i % model.nodes.length]!.name : null);
  const span = spanOf(d.ref, TEMPLATE_NODE);
  if (!model.nodes.some((n) => n.name === d.nodeName)) {
    // bound to a node that does not exist, the pods never start: no address, no endpoint
    report.error(
      'unknown-node',
      span,
      `Deployment ${d.name}'s pods are bound to node ${d.nodeName}, which is not defined; they never start`,
    );
    return () => null;
  }
  if (d.replicas > 1)
    report.info(
      'assumed',
      span,
      `all ${d.replicas} replicas of Deployment ${d.name} run on ${d.nodeName}: a nodeName in the pod template bypasses the scheduler`,
      { sentence: 'replicas-on-node', replicas: d.replicas, name: d.name, node: d.nodeName },
    );
  const name = d.nodeName;
  return () => name;
}

function expandDeployments(
  model: ClusterModel,
  deployments: DeploymentSpec[],
  report: ClusterReport,
): void {
  for (const d of deployments) {
    // the replicas share one copy of the template's labels and ports: the model is not changed
    // after loading, and 50,000 pods would otherwise hold 150,000 copies
    const labels = { ...d.labels };
    const ports = d.ports.map((p) => ({ ...p }));
    const replicaName = replicaNames(d);
    const nodeOf = replicaNode(model, d, report);
    for (let i = 0; i < d.replicas; i++) {
      const name = replicaName(i);
      const pod: ClusterPod = {
        namespace: d.namespace,
        name,
        labels,
        nodeName: nodeOf(i),
        podIP: null,
        ready: true,
        terminating: false,
        finished: false,
        ports,
        ref: { kind: 'Pod', namespace: d.namespace, name, span: d.ref.span },
        owner: d.ref,
      };
      model.pods.push(pod);
    }
  }
}
