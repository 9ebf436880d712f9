/**
 * kube-router's rules against the reference's worked examples (v2.6.3, as k3s's fork writes
 * them). The reference's own lines must appear in the compiled node byte for byte; each
 * `.expected` file names chains that must hold exactly its rules, in order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileNode } from '../../compile.ts';
import { ipsetRestoreText } from '../ipset-text.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const yaml = (name: string) => readFileSync(join(dir, `${name}.yaml`), 'utf8');

function byChain(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const chain = /^-A (\S+)/.exec(line)?.[1];
    if (chain) out.set(chain, [...(out.get(chain) ?? []), line]);
  }
  return out;
}

const POD = 'KUBE-POD-FW-NOFLIPK4QOGGAOBG';
const POLICY = 'KUBE-NWPLCY-EPO5S5R7PSSRN53P';
const ALLOW =
  '-m comment --comment "rule to ACCEPT traffic from source pods to dest pods selected by policy name allow-backend-to-db namespace default" -m set --match-set KUBE-SRC-ELVJFPASFIJIINJJ src -m set --match-set KUBE-DST-32U26RIZCHXXBTSZ dst -m tcp --dport 80';

/** The reference's example 1 on node-a (§2.5), as it prints it. */
const REFERENCE_EXAMPLE_1 = [
  `-A ${POLICY} -p tcp ${ALLOW} -j MARK --set-xmark 0x10000/0x10000`,
  `-A ${POLICY} -p tcp ${ALLOW} -m mark --mark 0x10000/0x10000 -j RETURN`,
  `-A ${POD} -m comment --comment "common bi-directional traffic policy rules" -j KUBE-NWPLCY-COMMON`,
  `-A ${POD} -d 10.42.0.10/32 -m comment --comment "rule to permit the traffic traffic to pods when source is the pod\\'s local node" -m addrtype --src-type LOCAL -j ACCEPT`,
  `-A ${POD} -s 10.42.0.10/32 -m comment --comment "run through default egress network policy chain" -j KUBE-NWPLCY-DEFAULT`,
  `-A ${POD} -d 10.42.0.10/32 -m comment --comment "run through nw policy allow-backend-to-db" -j ${POLICY}`,
  `-A ${POD} -m comment --comment "rule to log dropped traffic POD name:db namespace: default" -m mark ! --mark 0x10000/0x10000 -m limit --limit 10/min --limit-burst 10 -j NFLOG --nflog-group 100`,
  `-A ${POD} -m comment --comment "rule to REJECT traffic destined for POD name:db namespace: default" -m mark ! --mark 0x10000/0x10000 -j REJECT --reject-with icmp-port-unreachable`,
  `-A ${POD} -j MARK --set-xmark 0x0/0x10000`,
  `-A ${POD} -m comment --comment "set mark to ACCEPT traffic that comply to network policies" -j MARK --set-xmark 0x20000/0x20000`,
];

const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.expected'))
  .map((f) => {
    const [name = '', node = ''] = f.replace(/\.expected$/, '').split('.');
    return { file: f, name, node };
  });

describe('kube-router goldens', () => {
  it('has the worked examples on both nodes', () => expect(cases.length).toBe(6));

  it("holds the reference's example 1 byte for byte, in its order", () => {
    const lines = compileNode(yaml('allow-backend'), 'node-a').rulesetText.split('\n');
    const at = REFERENCE_EXAMPLE_1.map((l) => lines.indexOf(l));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  for (const c of cases)
    it(`${c.file}: every chain equals the expected one`, () => {
      const compiled = compileNode(yaml(c.name), c.node);
      expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const expected = readFileSync(join(dir, c.file), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('-A '));
      const got = byChain(compiled.rulesetText.split('\n'));
      for (const [chain, lines] of byChain(expected)) expect(got.get(chain), chain).toEqual(lines);
    });

  it('jumps from the top of INPUT, FORWARD and OUTPUT, and accepts after their last KUBE rule', () => {
    const text = compileNode(yaml('allow-backend'), 'node-a').rulesetText;
    const filter = text.slice(
      text.indexOf('*filter'),
      text.indexOf('COMMIT', text.indexOf('*filter')),
    );
    const chains = byChain(filter.split('\n'));
    for (const [builtin, id] of [
      ['INPUT', '4IA2OSFRMVNDXBVV'],
      ['FORWARD', 'TEMCG2JMHZYE7H7T'],
      ['OUTPUT', 'VEAAIY32XVBHCSCY'],
    ] as const) {
      const rules = chains.get(builtin) ?? [];
      expect(rules[0]).toBe(
        `-A ${builtin} -m comment --comment "kube-router netpol - ${id}" -j KUBE-ROUTER-${builtin}`,
      );
      const accept = rules.findIndex((r) => r.includes('KUBE-ROUTER rule to explicitly ACCEPT'));
      expect(accept).toBeGreaterThan(0);
      expect(rules.slice(accept + 1).filter((r) => r.includes('KUBE'))).toEqual([]);
      expect(rules[accept]).toMatch(/-m mark --mark 0x20000\/0x20000 -j ACCEPT$/);
    }
  });

  it("writes every policy's chain and sets on every node, pod chains only for local pods", () => {
    const b = compileNode(yaml('allow-backend'), 'node-b');
    expect(b.rulesetText).toContain(`:${POLICY} -`);
    expect(b.rulesetText).not.toContain(POD);
    expect(ipsetRestoreText(b.ipsets)).toBe(
      [
        'create KUBE-DST-32U26RIZCHXXBTSZ hash:ip family inet hashsize 1024 maxelem 65536 timeout 0',
        'add KUBE-DST-32U26RIZCHXXBTSZ 10.42.0.10 timeout 0',
        'create KUBE-SRC-ELVJFPASFIJIINJJ hash:ip family inet hashsize 1024 maxelem 65536 timeout 0',
        'add KUBE-SRC-ELVJFPASFIJIINJJ 10.42.1.20 timeout 0',
        '',
      ].join('\n'),
    );
  });

  it("fills the default-deny policy's target set with every pod of its namespace", () => {
    const a = compileNode(yaml('default-deny'), 'node-a');
    const set = a.ipsets.find((s) => s.name === 'KUBE-DST-6MQLO45JRP4DAHR6');
    expect(set?.members.map((m) => m.text)).toEqual(['10.42.0.10', '10.42.1.20']);
  });
});
