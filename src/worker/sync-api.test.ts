/** The worker's partial sync answers with the chains `compile --since` writes and deletes. */
import { describe, expect, it } from 'vitest';
import STEP2 from '../engine/cluster/__golden__/kube-proxy/sync-proxy-rules-repeated/02-add-svc3.yaml?raw';
import STEP3 from '../engine/cluster/__golden__/kube-proxy/sync-proxy-rules-repeated/03-delete-svc2.yaml?raw';
import { DUAL_STACK_YAML } from '../engine/scenarios/dual-stack.ts';
import { engineApi } from './engine-api.ts';

describe('engineApi.syncSince', () => {
  it('names the deleted Service and its chains to delete, and rewrites no other chain', () => {
    const r = engineApi.syncSince(STEP2, STEP3, 'test-node');
    expect(r?.changed).toEqual([]);
    expect(r?.removed).toEqual(['ns2/svc2']);
    expect(r?.rewritten).toEqual([]);
    expect([...(r?.deleted ?? [])].sort()).toEqual([
      'KUBE-SEP-UHEGFW77JX3KXTOV',
      'KUBE-SVC-2VJB64SDSIJUP5T6',
    ]);
    expect(r?.text).toContain('-X KUBE-SVC-2VJB64SDSIJUP5T6');
  });

  it('lists the added Service’s chains as rewritten', () => {
    const r = engineApi.syncSince(STEP3, STEP2, 'test-node');
    expect(r?.changed).toEqual(['ns2/svc2']);
    expect(r?.removed).toEqual([]);
    expect(r?.rewritten).toEqual(['KUBE-SVC-2VJB64SDSIJUP5T6', 'KUBE-SEP-UHEGFW77JX3KXTOV']);
    expect(r?.deleted).toEqual([]);
  });

  it('answers for the IPv6 proxier when asked: its chains name IPv6 endpoints', () => {
    const fewer = DUAL_STACK_YAML.replace(
      /---\napiVersion: v1\nkind: Pod\nmetadata: \{name: web-2[\s\S]*?(?=---)/,
      '',
    );
    const v6 = engineApi.syncSince(DUAL_STACK_YAML, fewer, 'node-a', 'ipv6');
    const v4 = engineApi.syncSince(DUAL_STACK_YAML, fewer, 'node-a');
    expect(v6?.text).toContain('[fd00:10:244::5]:8080');
    expect(v4?.text).toContain('10.244.0.5:8080');
    expect(v6?.deleted).toHaveLength(1);
    expect(v6?.deleted).not.toEqual(v4?.deleted);
    expect(engineApi.syncSince(STEP2, STEP3, 'test-node', 'ipv6')).toBeNull();
  });

  it('is null when a text has errors or the node is missing', () => {
    expect(engineApi.syncSince(STEP2, 'kind: [', 'test-node')).toBeNull();
    expect(engineApi.syncSince(STEP2, STEP3, 'elsewhere')).toBeNull();
  });
});
