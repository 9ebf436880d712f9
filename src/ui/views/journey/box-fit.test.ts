import { describe, expect, it } from 'vitest';
import { journey, type Journey } from '../../../engine/cluster/journey/index.ts';
import { DEFAULT_CLUSTER_YAML } from '../../../engine/scenarios/default-cluster.ts';
import { ETP_LOCAL_YAML } from '../../../engine/scenarios/etp-local.ts';
import { NODEPORT_30080_YAML } from '../../../engine/scenarios/nodeport-other-node.ts';
import { fitBox, NOTE_FONT, noteLines } from './box-fit.ts';
import { stripLayout, TEXT_X } from './strip-layout.ts';
import { strings } from './strings.ts';
import { roughMeasure } from './text-fit.ts';

/** The default packet's journey that crosses to the other node. */
function crossing(): Journey {
  const r = journey(
    DEFAULT_CLUSTER_YAML,
    { from: 'pod/default/client', to: 'svc/default/service-test:80' },
    { allPaths: true },
  );
  const j = r.outcomes?.map((o) => o.journey).find((x) => x.request.node !== x.hops[0]?.node);
  if (!j || !r.flow) throw new Error('no journey crosses the nodes');
  return j;
}

describe('fitBox', () => {
  const j = crossing();
  const from = { kind: 'pod', name: 'default/client', node: 'a', address: '10.42.0.10' } as const;

  it.each(['en', 'ko'] as const)(
    '%s: four boxes in a 515 px panel, every line inside its box',
    (lang) => {
      const t = strings[lang];
      const l = stripLayout(j, from, new Map(), { width: 515 });
      expect(l.columns).toHaveLength(4);
      expect(l.width).toBeLessThanOrEqual(515);
      const boxes = l.columns.map((c) => fitBox(c, j, t, l.colW, roughMeasure));
      boxes.forEach((b) => {
        const room = l.colW - 2 * TEXT_X;
        for (const n of b.notes.flat())
          for (const line of n.lines)
            expect(roughMeasure(line, { ...NOTE_FONT, size: n.size })).toBeLessThanOrEqual(room);
        expect(b.name.lines).toHaveLength(1);
      });
      // nothing needed cutting: the notes fit whole (wrapped where need be)
      expect(boxes.flatMap((b) => b.notes.flat().filter((n) => n.cut))).toEqual([]);
    },
  );

  it('wraps the Korean notes that ran past their boxes, and says how tall the rows grow', () => {
    const l = stripLayout(j, from, new Map(), { width: 515 });
    const ko = l.columns.map((c) => fitBox(c, j, strings.ko, l.colW, roughMeasure));
    const sender = ko[0]!;
    expect(sender.notes.map((ns) => ns.map((n) => n.lines))).toEqual([
      [['보냄']],
      [['10.43.62.130:80', '에서 받음']],
    ]);
    const receiver = ko[3]!;
    expect(receiver.notes[0][0]!.lines).toEqual(['10.42.0.10:40000', '에서 옴']);
    expect(noteLines(ko)).toEqual([2, 2]);
    // the names: the pod's cut in the middle, its hash kept
    expect(receiver.name.lines[0]).toMatch(/^service.*….*-[a-z0-9]{3,5}$/);
    expect(receiver.name.cut).toBe(true);
  });

  it('a laptop through a NodePort on the node without the pod: the masquerade and the NodePort in the notes', () => {
    const r = journey(NODEPORT_30080_YAML, { from: 'client/laptop', to: 'node/node-b:30080' });
    const jj = r.journey!;
    const l = stripLayout(jj, r.flow!.from, new Map(), { width: 515 });
    expect(l.columns.map((c) => c.key)).toEqual([
      'client:172.16.0.10',
      'node:node-b',
      'node:node-a',
      'pod:default/service-test-nodeport',
    ]);
    const boxes = l.columns.map((c) => fitBox(c, jj, strings.en, l.colW, roughMeasure));
    const text = (b: (typeof boxes)[number]) =>
      b.notes.map((ns) => ns.map((n) => n.lines.join(' / ')));
    // every translation on node-b, labelled: the request's DNAT and MASQUERADE, then the
    // reply's un-SNAT and un-DNAT (not two lines both called SNAT)
    expect(boxes.map(text)).toEqual([
      [['sends'], ['gets / 10.32.7.224:30080']],
      [
        ['DNAT / 10.42.0.69:8080', 'MASQ / 10.32.7.224:40000'],
        ['↩un-SNAT / 172.16.0.10:40000', '↩un-DNAT / 10.32.7.224:30080'],
      ],
      [['forwarded'], ['forwarded']],
      [['sees / 10.32.7.224:40000'], ['answers']],
    ]);
    expect(boxes[1]!.notes.flat().map((n) => n.note.nat)).toEqual([
      'dnat',
      'masquerade',
      'un-snat',
      'un-dnat',
    ]);
    // the tooltip tells the whole translation, the packet before and after
    expect(boxes[1]!.notes[0][1]!.note.title).toMatch(
      /^MASQUERADE · POSTROUTING · rule KUBE-POSTROUTING #3: 172\.16\.0\.10:40000 → 10\.42\.0\.69:8080 ⇒ 10\.32\.7\.224:40000 → 10\.42\.0\.69:8080\n/,
    );
    expect(noteLines(boxes)).toEqual([4, 4]);
  });

  it('externalTrafficPolicy Local: a DNAT, and the reply’s un-DNAT, never called SNAT', () => {
    const r = journey(ETP_LOCAL_YAML, { from: 'client/laptop', to: 'node/node-a:30081' });
    const jj = r.journey!;
    const l = stripLayout(jj, r.flow!.from, new Map(), { width: 1000 });
    const node = l.columns.find((c) => c.key === 'node:node-a')!;
    for (const lang of ['en', 'ko'] as const) {
      const box = fitBox(node, jj, strings[lang], l.colW, roughMeasure);
      expect(box.notes.map((ns) => ns.map((n) => n.lines.join(' ')))).toEqual([
        ['DNAT 10.244.0.5:80'],
        ['↩un-DNAT 192.168.1.10:30081'],
      ]);
    }
  });
});
