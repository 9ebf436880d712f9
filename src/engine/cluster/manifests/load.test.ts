import { describe, expect, it } from 'vitest';
import { formatIPv4, formatPrefix } from '../../netfilter/ipv4.ts';
import { categorize, portTraits } from '../proxier/categorize.ts';
import { buildEndpoints } from '../model/endpoints.ts';
import { loadCluster } from './load.ts';

const NODES = `kind: Node
metadata: {name: a}
spec: {podCIDR: 10.42.0.0/24}
status: {addresses: [{type: InternalIP, address: 10.0.0.1}]}
---
kind: Node
metadata: {name: b}
spec: {podCIDR: 10.42.1.0/24}
status: {addresses: [{type: InternalIP, address: 10.0.0.2}]}
`;

const DEPLOY = `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, ports: [{name: http, containerPort: 8080}]}]}
`;

describe('loading a cluster', () => {
  it('expands a Deployment into stable, round-robin pods with addresses from their node', () => {
    const one = loadCluster(NODES + DEPLOY).model.pods;
    const two = loadCluster(NODES + DEPLOY).model.pods;
    expect(one.map((p) => p.name)).toEqual(two.map((p) => p.name));
    expect(one.map((p) => [p.nodeName, formatIPv4(p.podIP ?? 0)])).toEqual([
      ['a', '10.42.0.2'],
      ['b', '10.42.1.2'],
      ['a', '10.42.0.3'],
    ]);
    for (const p of one)
      expect(p.name).toMatch(
        /^web-[bcdfghjklmnpqrstvwxz2456789]{9}-[bcdfghjklmnpqrstvwxz2456789]{5}$/,
      );
    expect(new Set(one.map((p) => p.name.split('-')[1])).size).toBe(1);
    expect(one[0]?.owner).toMatchObject({ kind: 'Deployment', name: 'web' });
  });

  it('reads kind: List as kubectl prints it', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n  - kind: Node\n    metadata: {name: a}\n    spec: {podCIDR: 10.42.0.0/24}\n    status: {addresses: [{type: InternalIP, address: 10.0.0.1}]}\n  - kind: Pod\n    metadata: {name: p}\n    spec: {nodeName: a}\n    status: {podIP: 10.42.0.9}\n`;
    const { model, diagnostics } = loadCluster(list);
    expect(model.nodes.map((n) => n.name)).toEqual(['a']);
    expect(model.pods[0]?.ref.span).toMatchObject({ line: 8, column: 5 });
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('fills in defaults: serviceCIDR, ClusterIPs, NodePorts, clusterCIDR, kube-proxy settings', () => {
    const { model, diagnostics } = loadCluster(
      `${NODES}---\nkind: Service\nmetadata: {name: s}\nspec: {type: NodePort, ports: [{port: 80}]}\n`,
    );
    expect(formatPrefix(model.settings.serviceCIDR)).toBe('10.96.0.0/12');
    expect(formatIPv4(model.services[0]?.clusterIP ?? 0)).toBe('10.96.0.10');
    expect(model.services[0]?.ports[0]?.nodePort).toBe(30000);
    expect(model.proxy.clusterCIDR && formatPrefix(model.proxy.clusterCIDR)).toBe('10.42.0.0/16');
    expect(model.proxy).toMatchObject({
      masqueradeBit: 14,
      localhostNodePorts: true,
      masqueradeAll: false,
      detectLocalMode: 'ClusterCIDR',
    });
    expect(model.settings.features).toEqual({ randomFully: true, nfacct: false });
    expect(diagnostics.map((d) => d.code)).toEqual(['assumed', 'assumed', 'assumed']);
  });

  it('covers podCIDRs that share no /16 with the smallest common range', () => {
    const nodes = NODES.replace('10.42.1.0/24', '10.43.1.0/24');
    const { model } = loadCluster(nodes);
    expect(model.proxy.clusterCIDR && formatPrefix(model.proxy.clusterCIDR)).toBe('10.42.0.0/15');
  });

  it('reads KubeProxyConfiguration', () => {
    const cfg = `---\napiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: 10.42.0.0/16,fd00::/48\ndetectLocalMode: InterfaceNamePrefix\ndetectLocal: {interfaceNamePrefix: veth}\nnodePortAddresses: [10.0.0.0/24, primary]\niptables: {masqueradeAll: true, masqueradeBit: 15, localhostNodePorts: false}\n`;
    const { model, diagnostics } = loadCluster(NODES + cfg);
    expect(diagnostics).toEqual([]);
    expect(model.proxy).toMatchObject({
      detectLocalMode: 'InterfaceNamePrefix',
      interfaceNamePrefix: 'veth',
      masqueradeAll: true,
      masqueradeBit: 15,
      localhostNodePorts: false,
    });
    expect(model.proxy.nodePortAddresses).toEqual([{ address: 0x0a000000, prefix: 24 }, 'primary']);
  });

  it('derives endpoints from ready, not-ready and terminating pods like the EndpointSlice controller', () => {
    const pods = [
      ['ready', 'True', ''],
      ['notready', 'False', ''],
      ['leaving', 'True', '\n  deletionTimestamp: "2024-01-01T00:00:00Z"'],
    ]
      .map(
        ([name, ready, extra], i) =>
          `---\nkind: Pod\nmetadata:\n  name: ${name}\n  labels: {app: web}${extra}\nspec: {nodeName: a, containers: [{name: c, ports: [{name: http, containerPort: 8080}]}]}\nstatus: {podIP: 10.42.0.${10 + i}, conditions: [{type: Ready, status: "${ready}"}]}\n`,
      )
      .join('');
    const svc = `---\nkind: Service\nmetadata: {name: web}\nspec: {clusterIP: 10.96.0.5, selector: {app: web}, ports: [{name: http, port: 80, targetPort: http}]}\n`;
    const { model } = loadCluster(NODES + pods + svc);
    const eps = buildEndpoints(model).get('default/web:http/TCP') ?? [];
    expect(eps.map((e) => [e.text, e.ready, e.serving, e.terminating])).toEqual([
      ['10.42.0.10:8080', true, true, false],
      ['10.42.0.11:8080', false, false, false],
      ['10.42.0.12:8080', false, true, true],
    ]);
    const svcModel = model.services[0];
    const port = svcModel?.ports[0];
    if (!svcModel || !port) throw new Error('no service');
    expect(categorize(eps, portTraits(svcModel, port), 'a').cluster.map((e) => e.text)).toEqual([
      '10.42.0.10:8080',
    ]);
    // with no ready endpoint left, serving-and-terminating ones are used
    const onlyLeaving = eps.filter((e) => e.terminating);
    expect(
      categorize(onlyLeaving, portTraits(svcModel, port), 'a').cluster.map((e) => e.text),
    ).toEqual(['10.42.0.12:8080']);
  });

  it('uses EndpointSlices when given, instead of the selector', () => {
    const text = `${NODES}${DEPLOY}---\nkind: Service\nmetadata: {name: web}\nspec: {clusterIP: 10.96.0.5, selector: {app: web}, ports: [{name: http, port: 80, targetPort: http}]}\n---\napiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {name: web-x, labels: {kubernetes.io/service-name: web}}\naddressType: IPv4\nports: [{name: http, port: 9090, protocol: TCP}]\nendpoints:\n  - {addresses: [10.42.1.77], nodeName: b, conditions: {ready: true}, targetRef: {kind: Pod, name: manual}}\n`;
    const { model } = loadCluster(text);
    const eps = buildEndpoints(model).get('default/web:http/TCP') ?? [];
    expect(eps.map((e) => [e.text, e.nodeName])).toEqual([['10.42.1.77:9090', 'b']]);
    expect(eps[0]?.sources.map((s) => `${s.kind}/${s.name}`)).toEqual([
      'EndpointSlice/web-x',
      'Pod/manual',
    ]);
  });

  it('skips headless and ExternalName Services', () => {
    const text = `${NODES}---\nkind: Service\nmetadata: {name: h}\nspec: {clusterIP: None, selector: {app: x}, ports: [{port: 80}]}\n---\nkind: Service\nmetadata: {name: e}\nspec: {type: ExternalName, externalName: example.com}\n`;
    const { model, diagnostics } = loadCluster(text);
    expect(model.services.map((s) => [s.name, s.clusterIP, s.headless])).toEqual([
      ['h', null, true],
      ['e', null, false],
    ]);
    expect(diagnostics.filter((d) => d.code === 'not-compiled').map((d) => d.line)).toEqual([
      13, 17,
    ]);
  });
});
