/** The IPv6 proxier's partial sync: kube-proxy runs one proxier per family, each syncing its own rules. */
import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../../scenarios/dual-stack.ts';
import { loadCluster } from '../manifests/load.ts';
import { partialSync } from './partial-sync.ts';

const model = (yaml: string) => loadCluster(yaml).model;
// the dual-stack example without web-2, the endpoint on node-b
const WITHOUT_WEB2 = DUAL_STACK_YAML.replace(
  /---\napiVersion: v1\nkind: Pod\nmetadata: \{name: web-2[\s\S]*?(?=---)/,
  '',
);

describe('partial sync of the IPv6 rules', () => {
  it('rewrites the Service’s ip6tables chains with IPv6 endpoints and deletes the gone endpoint’s chain', () => {
    expect(WITHOUT_WEB2).not.toContain('web-2');
    const v6 = partialSync(model(DUAL_STACK_YAML), model(WITHOUT_WEB2), 'node-a', {
      family: 'ipv6',
    })!;
    const v4 = partialSync(model(DUAL_STACK_YAML), model(WITHOUT_WEB2), 'node-a')!;
    expect(v6.changed).toEqual(['default/web']);
    expect(v6.deleted).toHaveLength(1);
    expect(v6.deleted[0]).toMatch(/^KUBE-SEP-/);
    expect(v6.text).toContain('--to-destination [fd00:10:244::5]:8080');
    expect(v6.text).not.toMatch(/10\.244\.\d+\.\d+/);
    // an endpoint chain's name hashes its address, so each family deletes its own chain
    expect(v4.deleted).toHaveLength(1);
    expect(v4.deleted[0]).not.toBe(v6.deleted[0]);
    expect(v4.text).toContain('--to-destination 10.244.0.5:8080');
  });

  it('has no IPv6 sync for a cluster without IPv6', () => {
    const v4only = DUAL_STACK_YAML.replace('"10.96.0.0/16,fd00:10:96::/112"', '10.96.0.0/16');
    expect(partialSync(model(v4only), model(v4only), 'node-a', { family: 'ipv6' })).toBeNull();
  });
});
