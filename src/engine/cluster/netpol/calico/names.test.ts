import { describe, expect, it } from 'vitest';
import { ALL_SELECTOR_ID, chainName, ipsetName, selectorId, workloadInterface } from './names.ts';

// the vectors are the reference's, each recomputed from a real node's rules
describe('felix names', () => {
  it('names a workload interface from namespace and pod', () => {
    expect(workloadInterface('team-b', 'nettest2')).toBe('calicd14548c312');
    expect(workloadInterface('default', 'db')).toBe('calie57ed5aa5ae');
  });
  it('keeps short chain names and hashes long ones', () => {
    expect(chainName('cali-pri-', 'ksa.default.default')).toBe('cali-pri-ksa.default.default');
    expect(chainName('cali-pi-', 'gnp/long-policy-name-that-gets-hashed')).toBe(
      'cali-pi-_PymyFHQQg3808jiz1OJ',
    );
    expect(chainName('cali-pri-', 'long-policy-name-that-gets-hashed')).toBe(
      'cali-pri-_ffOMcf6pikpiZ6hgKc',
    );
    expect(chainName('cali-pi-', 'default/calico-system/knp.default.allow-apiserver')).toBe(
      'cali-pi-_RPHPUh868v26JJg7645',
    );
  });
  it('names selector sets as felix does', () => {
    expect(
      ipsetName(
        selectorId(
          '(pcns.kubernetes.io/metadata.name == "team-b" && projectcalico.org/orchestrator == "k8s")',
        ),
      ),
    ).toBe('cali40s:a_sG3wUbuH4Nz-nbt4Bl5Dz');
    expect(
      selectorId(
        '(projectcalico.org/namespace == "demo" && (projectcalico.org/orchestrator == "k8s" && app == "client"))',
      ),
    ).toBe('s:N7qB4dD1ts0--qbzE-HjtMk4UjghTan7J_o4cQ');
    expect(ALL_SELECTOR_ID).toBe('s:5y5I3VdRZfDU01O--xXAPx2yxCQQqMf0M6IWug');
  });
});

describe('peer selectors', () => {
  it('prints the selector real ipset names come from', async () => {
    const { peerSelector } = await import('./selector.ts');
    const none = { matchLabels: {}, matchExpressions: [] };
    const span = { line: 1, column: 1, endLine: 1, endColumn: 1 };
    expect(
      ipsetName(
        selectorId(
          peerSelector('team-b', {
            podSelector: null,
            namespaceSelector: {
              ...none,
              matchLabels: { 'kubernetes.io/metadata.name': 'team-b' },
            },
            ipBlock: null,
            span,
          }),
        ),
      ),
    ).toBe('cali40s:a_sG3wUbuH4Nz-nbt4Bl5Dz');
    expect(
      ipsetName(
        selectorId(
          peerSelector('default', {
            podSelector: { ...none, matchLabels: { user: 'haejun', role: 'allower' } },
            namespaceSelector: null,
            ipBlock: null,
            span,
          }),
        ),
      ),
    ).toBe('cali40s:dSXImMSA1iXOPxYRYLVorAP');
  });
});
