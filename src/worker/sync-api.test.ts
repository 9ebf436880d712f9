/** The worker's partial sync answers with the chains `compile --since` writes and deletes. */
import { describe, expect, it } from 'vitest';
import STEP2 from '../engine/cluster/__golden__/kube-proxy/sync-proxy-rules-repeated/02-add-svc3.yaml?raw';
import STEP3 from '../engine/cluster/__golden__/kube-proxy/sync-proxy-rules-repeated/03-delete-svc2.yaml?raw';
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

  it('is null when a text has errors or the node is missing', () => {
    expect(engineApi.syncSince(STEP2, 'kind: [', 'test-node')).toBeNull();
    expect(engineApi.syncSince(STEP2, STEP3, 'elsewhere')).toBeNull();
  });
});
