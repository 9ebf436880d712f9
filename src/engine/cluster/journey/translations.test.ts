/**
 * Every address translation of a journey, on each node it crosses, named by what it does: the
 * request's DNAT, SNAT or MASQUERADE by a rule, the reply's un-DNAT and un-SNAT by conntrack.
 * UPDATE_GOLDEN=1 rewrites the golden file (read it before committing it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { journey, type Journey, type Translation } from './index.ts';
import { CLUSTERIP_4PODS_YAML } from '../../scenarios/clusterip-4pods.ts';
import { ETP_LOCAL_YAML } from '../../scenarios/etp-local.ts';

const GOLDEN = new URL('./__golden__/nodeport-cluster.translations.json', import.meta.url);
const NODEPORT_YAML = readFileSync(
  new URL('../../../../tests/fixtures/cli/journey-nodeport.yaml', import.meta.url),
  'utf8',
);

/** Per node crossing: `direction node: kind kind …` with the node's name cut to its first label. */
function kinds(j: Journey): string[] {
  return j.hops.map((h) =>
    `${h.direction} ${h.node.split('.')[0]}: ${h.translations.map((t) => t.kind).join(' ')}`.trimEnd(),
  );
}

const ends = (t: Translation) =>
  `${t.before.src}:${t.before.sport} → ${t.before.dst}:${t.before.dport} ⇒ ${t.after.src}:${t.after.sport} → ${t.after.dst}:${t.after.dport}`;

/** The translations of a journey as the golden file keeps them. */
export function perCrossing(j: Journey): unknown[] {
  return j.hops.map((h) => ({
    direction: h.direction,
    node: h.node,
    translations: h.translations,
  }));
}

describe('journey translations', () => {
  it('pod → ClusterIP: DNAT on the client’s node, never SNAT; the reply un-DNATed there', () => {
    const r = journey(
      CLUSTERIP_4PODS_YAML,
      { from: 'pod/default/client', to: 'svc/default/service-test:80', sport: 41000 },
      { allPaths: true },
    );
    const far = r.outcomes!.find((o) => o.delivered === '10.42.0.43:8080')!.journey;
    expect(kinds(far)).toEqual([
      'request ip-10-32-7-224: dnat',
      'request ip-10-32-11-62:',
      'reply ip-10-32-11-62:',
      'reply ip-10-32-7-224: un-dnat',
    ]);
    const [dnat] = far.hops[0]!.translations;
    expect(dnat).toMatchObject({
      direction: 'request',
      hook: 'PREROUTING',
      by: 'rule',
      rule: { table: 'nat', target: 'DNAT', chain: expect.stringMatching(/^KUBE-SEP-/) },
    });
    expect(dnat!.rule!.text).toMatch(/-j DNAT --to-destination 10\.42\.0\.43:8080$/);
    expect(ends(dnat!)).toBe(
      '10.42.1.10:41000 → 10.43.62.130:80 ⇒ 10.42.1.10:41000 → 10.42.0.43:8080',
    );
    const undo = far.hops[3]!.translations[0]!;
    expect(undo).toMatchObject({ kind: 'un-dnat', direction: 'reply', by: 'conntrack' });
    expect(undo.rule).toBeUndefined();
    expect(ends(undo)).toBe(
      '10.42.0.43:8080 → 10.42.1.10:41000 ⇒ 10.43.62.130:80 → 10.42.1.10:41000',
    );
    const near = r.outcomes!.find((o) => o.delivered === '10.42.1.41:8080')!.journey;
    expect(kinds(near)).toEqual(['request ip-10-32-7-224: dnat', 'reply ip-10-32-7-224: un-dnat']);
  });

  it('laptop → NodePort (Cluster): DNAT and MASQUERADE on entry; the reply un-SNAT, then un-DNAT', () => {
    const r = journey(NODEPORT_YAML, { from: 'client/laptop', to: 'node/node-b:30080' });
    const j = r.journey!;
    expect(kinds(j)).toEqual([
      'request node-b: dnat masquerade',
      'request node-a:',
      'reply node-a:',
      'reply node-b: un-snat un-dnat',
    ]);
    const got = `${JSON.stringify(perCrossing(j), null, 2)}\n`;
    if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(GOLDEN, got);
    expect(got).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('NodePort with externalTrafficPolicy Local: DNAT only, the reply un-DNAT only, no SNAT', () => {
    const r = journey(ETP_LOCAL_YAML, { from: 'client/laptop', to: 'node/node-a:30081' });
    const j = r.journey!;
    expect(kinds(j)).toEqual(['request node-a: dnat', 'reply node-a: un-dnat']);
    const all = j.hops.flatMap((h) => h.translations);
    expect(all.some((t) => t.kind === 'snat' || t.kind === 'masquerade')).toBe(false);
    // the reply's source is put back to the address the laptop connected to
    expect(ends(all[1]!)).toBe(
      '10.244.0.5:80 → 172.16.0.10:40000 ⇒ 192.168.1.10:30081 → 172.16.0.10:40000',
    );
    expect(j.sourceSeen).toBe('172.16.0.10:40000');
  });

  it('hairpin, a pod to its own Service: DNAT back to itself, then MASQUERADE to the bridge', () => {
    const r = journey(
      CLUSTERIP_4PODS_YAML,
      { from: 'pod/default/service-test-cd79b78bd-pq8bz', to: 'svc/default/service-test:80' },
      { allPaths: true },
    );
    const self = r.outcomes!.find((o) => o.delivered === '10.42.0.43:8080')!.journey;
    expect(kinds(self)).toEqual([
      'request ip-10-32-11-62: dnat masquerade',
      'reply ip-10-32-11-62: un-snat un-dnat',
    ]);
    const [dnat, masq] = self.hops[0]!.translations;
    expect(ends(dnat!)).toBe(
      '10.42.0.43:40000 → 10.43.62.130:80 ⇒ 10.42.0.43:40000 → 10.42.0.43:8080',
    );
    expect(masq).toMatchObject({
      hook: 'POSTROUTING',
      rule: { chain: 'KUBE-POSTROUTING', target: 'MASQUERADE' },
    });
    expect(ends(masq!)).toBe(
      '10.42.0.43:40000 → 10.42.0.43:8080 ⇒ 10.42.0.1:40000 → 10.42.0.43:8080',
    );
    // each translation starts from the packet the one before it left
    expect(masq!.before).toEqual(dnat!.after);
  });
});
