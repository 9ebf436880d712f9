import { describe, expect, it } from 'vitest';
import { DUAL_STACK_YAML } from '../../../engine/scenarios/dual-stack.ts';
import { engineApi } from '../../../worker/engine-api.ts';
import { nodeIPsOf } from './node-ips.ts';

describe('nodeIPsOf', () => {
  const summary = engineApi.compileCluster(DUAL_STACK_YAML).summary;

  it('gives an IPv6 journey the nodes’ IPv6 addresses, an IPv4 one their IPv4 ones', () => {
    expect(nodeIPsOf(summary, 'ipv6').get('node-a')).toBe('fd00:192:168:10::11');
    expect(nodeIPsOf(summary, 'ipv4').get('node-a')).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(nodeIPsOf(summary, undefined)).toEqual(nodeIPsOf(summary, 'ipv4'));
  });

  it('is empty before the cluster is compiled', () => {
    expect(nodeIPsOf(undefined, 'ipv6').size).toBe(0);
  });
});
