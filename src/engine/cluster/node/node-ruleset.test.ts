/**
 * The compiler builds each node's Ruleset directly (node-ruleset.ts, restore-rule.ts) instead of
 * printing kube-proxy's restore input and parsing it. These tests hold the direct way to the
 * parser: the ruleset must equal what parsing its own printed text gives (spans, ids, sources and
 * all), and every rule must equal what the full parser reads from kube-proxy's restore line.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRuleset, printSave, type Diagnostic } from '../../rules/index.ts';
import { compileModelNode, nodeView } from '../compile.ts';
import { buildEndpoints } from '../model/endpoints.ts';
import { loadCluster } from '../manifests/load.ts';
import { nodeRules, restoreText } from './node-state.ts';
import { proxierRules } from '../proxier/index.ts';
import { RestoreRuleReader } from '../restore/restore-rule.ts';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '__golden__');
const golden = (name: string): string => readFileSync(join(GOLDEN_DIR, name), 'utf8');

const GOLDEN_CASES: [string, string, string][] = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith('.save'))
  .map((f) => {
    const [scenario, ...rest] = f.slice(0, -'.save'.length).split('.');
    return [`${scenario!}`, golden(`${scenario!}.yaml`), rest.join('.')];
  });

const config = (body: string): string =>
  `---\napiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\n${body}\n`;

// kube-proxy settings the goldens leave at their defaults
const VARIANTS: [string, string, string][] = [
  ['kube-proxy-overall (nfacct)', golden('kube-proxy-overall.yaml'), 'test-node'],
  [
    'masqueradeAll, mark bit 5',
    golden('lb-source-ranges.yaml') + config('iptables: {masqueradeAll: true, masqueradeBit: 5}'),
    'node-a',
  ],
  [
    'detectLocalMode NodeCIDR, no localhost NodePorts',
    golden('session-affinity.yaml') +
      config('detectLocalMode: NodeCIDR\niptables: {localhostNodePorts: false}'),
    'node-a',
  ],
  [
    'detectLocalMode BridgeInterface, nodePortAddresses',
    golden('etp-local.yaml') +
      config(
        'detectLocalMode: BridgeInterface\ndetectLocal: {bridgeInterface: cni0}\nnodePortAddresses: [192.168.0.0/16, 127.0.0.0/8]',
      ),
    'node-a',
  ],
  [
    'detectLocalMode InterfaceNamePrefix',
    golden('etp-local.yaml') +
      config('detectLocalMode: InterfaceNamePrefix\ndetectLocal: {interfaceNamePrefix: veth}'),
    'node-b',
  ],
];

describe('the directly built ruleset', () => {
  it.each([...GOLDEN_CASES, ...VARIANTS])('%s on %s', (_name, yaml, node) => {
    const { model, diagnostics } = loadCluster(yaml);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const r = compileModelNode(model, node);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    // what parsing the printed text gives, spans, ids and sources included
    expect(printSave(r.ruleset)).toBe(r.rulesetText);
    const again = parseRuleset(r.rulesetText, { format: 'save', family: 'ipv4' });
    expect(again.diagnostics.filter((d) => d.code !== 'unknown-module')).toEqual([]);
    expect(r.ruleset).toEqual(again.ruleset);

    // what the full parser reads from kube-proxy's own words, rule by rule
    const state = nodeRules(
      proxierRules(
        model,
        nodeView(model.nodes.find((n) => n.name === node)!),
        buildEndpoints(model),
      ),
    );
    const restored = parseRuleset(restoreText(state), { format: 'save', family: 'ipv4' }).ruleset;
    const parts = (rs: typeof restored) =>
      rs.tables.flatMap((t) =>
        t.chains.flatMap((c) =>
          c.rules.map((x) => ({ id: x.id, core: x.core, matches: x.matches, target: x.target })),
        ),
      );
    expect(parts(r.ruleset)).toEqual(parts(restored));
  });
});

describe('RestoreRuleReader', () => {
  const read = (table: string, chain: string, words: string) => {
    const diagnostics: Diagnostic[] = [];
    const rule = new RestoreRuleReader().read(table, chain, words.split(' '), 7, diagnostics);
    return { rule, diagnostics };
  };

  it('moves core options first and normalises as iptables does', () => {
    const { rule, diagnostics } = read(
      'nat',
      'KUBE-SERVICES',
      '-m comment --comment "ns/web:http cluster IP" -m tcp -p tcp -d 10.96.0.1 --dport 80 -j KUBE-SVC-X',
    );
    expect(diagnostics).toEqual([]);
    expect(rule.text).toBe(
      '-A KUBE-SERVICES -d 10.96.0.1/32 -p tcp -m comment --comment "ns/web:http cluster IP" -m tcp --dport 80 -j KUBE-SVC-X',
    );
    expect(rule.target).toEqual({ name: 'KUBE-SVC-X', kind: 'jump', data: null });
  });

  it('keeps a negated module option with its module and a negated core option in the core', () => {
    const { rule } = read(
      'filter',
      'KUBE-FIREWALL',
      '-d 127.0.0.0/8 ! -s 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP',
    );
    expect(rule.text).toBe(
      '-A KUBE-FIREWALL ! -s 127.0.0.0/8 -d 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP',
    );
    expect(rule.core.source).toEqual({
      value: { family: 'ipv4', address: '127.0.0.0', prefix: 8 },
      negated: true,
    });
  });

  it('reads what it is not sure of with the full parser, diagnostics at the given line', () => {
    const { rule, diagnostics } = read(
      'nat',
      'KUBE-SERVICES',
      '-m nfacct --nfacct-name ct_state_invalid_dropped_pkts -j DROP',
    );
    expect(rule.text).toBe(
      '-A KUBE-SERVICES -m nfacct --nfacct-name ct_state_invalid_dropped_pkts -j DROP',
    );
    expect(rule.matches[0]).toMatchObject({ module: 'nfacct', unknown: true });
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([['unknown-module', 7]]);
  });

  it('makes a comment part the same way on the quick path as on the general one', () => {
    const reader = new RestoreRuleReader();
    for (const text of [
      'ns/web:http -> 10.42.0.43:8080',
      'plain_word-1',
      'ns/web:http',
      'it\'s "quoted"',
      'tab\there',
      '-dash first',
      'x'.repeat(256),
      'ünïcode text',
    ]) {
      const word = /\s/.test(text) ? `"${text}"` : text;
      expect(reader.commentPart(text)).toEqual(reader.commentPart(text, word));
    }
  });

  it('marks a rule the full parser found wrong as invalid', () => {
    const { rule, diagnostics } = read(
      'filter',
      'KUBE-FORWARD',
      '-j DNAT --to-destination 10.0.0.1:80',
    );
    expect(rule.invalid).toBe(true);
    expect(diagnostics.map((d) => d.severity)).toContain('error');
  });
});
