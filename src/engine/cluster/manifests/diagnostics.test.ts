import { describe, expect, it } from 'vitest';
import { compileNode } from '../compile.ts';
import { loadCluster } from './load.ts';

const NODE = `apiVersion: v1
kind: Node
metadata: {name: n1}
spec: {podCIDR: 10.244.0.0/24}
status: {addresses: [{type: InternalIP, address: 192.168.1.10}]}
`;

/** code, line, column and severity of each diagnostic, in order; wording is not asserted. */
function diags(text: string) {
  return loadCluster(text).diagnostics.map((d) => [d.code, d.line, d.column, d.severity]);
}

describe('cluster diagnostics carry YAML positions', () => {
  it('reports YAML syntax errors and keeps the other documents', () => {
    const r = loadCluster(`${NODE}---\nkind: Pod\nmetadata: {name: x, labels: {app: x}\n`);
    expect(r.diagnostics[0]).toMatchObject({
      code: 'yaml-syntax',
      severity: 'error',
      line: 9,
      column: 1,
    });
    expect(r.model.nodes.map((n) => n.name)).toEqual(['n1']);
  });

  it('warns about an unknown kind and keeps it', () => {
    const r = loadCluster(
      `${NODE}---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: tools}\n`,
    );
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column, d.endColumn])).toContainEqual([
      'unknown-kind',
      8,
      7,
      13,
    ]);
    expect(r.model.unknown).toMatchObject([{ kind: 'Widget', namespace: 'tools', name: 'w' }]);
  });

  it('reports a document without kind, and non-objects', () => {
    expect(diags(`metadata: {name: nokind}\n---\n- a\n- b\n`)).toEqual([
      ['not-an-object', 3, 1, 'error'],
      ['missing-kind', 1, 1, 'error'],
    ]);
  });

  it('warns about a Service that selects nothing, at its selector', () => {
    const text = `${NODE}---\nkind: Service\nmetadata: {name: s}\nspec:\n  clusterIP: 10.96.0.5\n  selector: {app: nothing}\n  ports: [{port: 80}]\n`;
    expect(diags(text)).toContainEqual(['selects-nothing', 11, 13, 'warning']);
  });

  it('reports a duplicate nodePort at the second port', () => {
    const svc = (name: string, ip: string) =>
      `---\nkind: Service\nmetadata: {name: ${name}}\nspec:\n  type: NodePort\n  clusterIP: ${ip}\n  ports:\n    - {port: 80, nodePort: 30080}\n`;
    const d = diags(`${NODE}${svc('a', '10.96.0.5')}${svc('b', '10.96.0.6')}`);
    expect(d.filter((x) => x[0] === 'duplicate-node-port')).toEqual([
      ['duplicate-node-port', 21, 7, 'error'],
    ]);
  });

  it('reports addresses outside their CIDR', () => {
    const text = `${NODE}---\nkind: Pod\nmetadata: {name: p}\nspec: {nodeName: n1}\nstatus: {podIP: 10.250.0.5}\n---\nkind: Service\nmetadata: {name: s}\nspec:\n  clusterIP: 10.200.0.1\n  ports: [{port: 80}]\n`;
    const d = diags(text).filter((x) => x[0] === 'address-outside-cidr');
    expect(d).toEqual([
      ['address-outside-cidr', 10, 17, 'warning'],
      ['address-outside-cidr', 15, 14, 'error'],
    ]);
  });

  it('warns about a named targetPort that the selected pods do not declare', () => {
    const text = `${NODE}---\nkind: Pod\nmetadata: {name: p, labels: {app: web}}\nspec:\n  nodeName: n1\n  containers: [{name: c, ports: [{name: http, containerPort: 80}]}]\n---\nkind: Service\nmetadata: {name: s}\nspec:\n  clusterIP: 10.96.0.5\n  selector: {app: web}\n  ports:\n    - {name: a, port: 80, targetPort: www}\n`;
    expect(diags(text)).toContainEqual(['unknown-target-port', 19, 7, 'warning']);
  });

  it('reports a pod on an undefined node at its nodeName', () => {
    expect(
      diags(
        `${NODE}---\nkind: Pod\nmetadata: {name: p}\nspec: {nodeName: n9}\nstatus: {podIP: 10.244.0.9}\n`,
      ),
    ).toContainEqual(['unknown-node', 9, 18, 'error']);
  });

  it('checks field types and values', () => {
    const text = `kind: Service\nmetadata: {name: s}\nspec:\n  type: Nodeport\n  clusterIP: 10.96.0.300\n  ports: [{port: 70000}, {port: 80, protocol: tcp}]\n`;
    // without a Node the loader assumes some, and says so: not what this test is about
    expect(diags(text).filter(([code]) => code !== 'assumed')).toEqual([
      ['bad-value', 4, 9, 'error'],
      ['bad-value', 5, 14, 'error'],
      ['bad-value', 6, 18, 'error'],
      ['missing-field', 6, 26, 'error'],
      ['bad-value', 6, 47, 'error'],
    ]);
  });

  it('checks the Cluster document strictly', () => {
    const text = `apiVersion: netfilter-lab/v1alpha1\nkind: Cluster\nbackend: nftables\nfeature: {}\nexternalClients:\n  - {name: c, address: 203.0.113.300}\n`;
    expect(diags(text)).toEqual([
      ['unknown-field', 4, 1, 'warning'],
      ['bad-value', 3, 10, 'error'],
      ['bad-value', 6, 24, 'error'],
    ]);
  });

  it('reports objects defined twice', () => {
    expect(diags(`${NODE}---\n${NODE}`)).toContainEqual(['duplicate-object', 9, 18, 'error']);
  });

  it('names the IPv6 values it ignores', () => {
    const text = `kind: Node\nmetadata: {name: n}\nstatus: {addresses: [{type: InternalIP, address: "fd00::1"}, {type: InternalIP, address: 10.0.0.1}]}\n`;
    expect(diags(text)).toEqual([
      ['ipv6-ignored', 3, 50, 'warning'],
      ['missing-field', 1, 1, 'warning'],
    ]);
  });

  it('never throws, whatever the text', () => {
    for (const t of [
      '',
      '---',
      '[',
      ':',
      'kind: [',
      '*a',
      'kind: Pod\nmetadata: 3',
      'kind: List\nitems: 3',
      '\u0000',
    ]) {
      expect(() => compileNode(t, 'x')).not.toThrow();
    }
  });

  it('compiling an undefined node is an error diagnostic, not an exception', () => {
    const r = compileNode(NODE, 'n2');
    expect(r.diagnostics.map((d) => d.code)).toContain('unknown-node-name');
    expect(r.rulesetText).toBe('');
  });
});
