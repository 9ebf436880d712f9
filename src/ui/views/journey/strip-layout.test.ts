import { describe, expect, it } from 'vitest';
import type {
  Journey,
  JourneyHop,
  LegEnd,
  PlaceView,
} from '../../../engine/cluster/journey/index.ts';
import {
  boxMetrics,
  MAX_NOTE_LINES,
  BOX_Y,
  COL_W,
  columnFit,
  GAP,
  MIN_COL_W,
  MIN_GAP,
  PAD,
  shortName,
  stripLayout,
  TURN_OUT,
  TURN_X,
} from './strip-layout.ts';

const CLIENT: PlaceView = { kind: 'pod', name: 'default/client', node: 'a', address: '10.42.0.10' };
const WEB: PlaceView = { kind: 'pod', name: 'default/web-1', node: 'b', address: '10.42.1.41' };
const TUPLE = { proto: 'tcp', src: '10.42.0.10', sport: 40000, dst: '10.42.1.41', dport: 8080 };

/** Only what the layout reads: where each hop was and which way it went. */
function hop(node: string, direction: 'request' | 'reply'): JourneyHop {
  return { node, direction } as JourneyHop;
}

function end(outcome: LegEnd['outcome'], at: PlaceView | null, node: string): LegEnd {
  return { outcome, verdict: outcome === 'delivered' ? 'ACCEPT' : 'DROP', at, node, packet: TUPLE };
}

function journeyOf(hops: JourneyHop[], request: LegEnd, reply: LegEnd | null): Journey {
  return {
    probability: 1,
    exact: '1',
    hops,
    request,
    reply,
    sourceSeen: null,
    replyMatches: true,
    verdict: request.verdict,
  };
}

const x = (i: number) => PAD + i * (COL_W + GAP);
const mid = (i: number) => x(i) + COL_W / 2;
const REQUEST_Y = BOX_Y + 40;
const REPLY_Y = BOX_Y + 85;

describe('stripLayout', () => {
  it('pod → node a → node b → pod, and the reply back the same way', () => {
    const j = journeyOf(
      [hop('a', 'request'), hop('b', 'request'), hop('b', 'reply'), hop('a', 'reply')],
      end('delivered', WEB, 'b'),
      end('delivered', CLIENT, 'a'),
    );
    const l = stripLayout(j, CLIENT, new Map([['a', '10.0.0.1']]));
    expect(l.columns.map((c) => [c.key, c.x, c.hops, c.sender, c.receiver, c.address])).toEqual([
      ['pod:default/client', x(0), [], true, false, '10.42.0.10'],
      ['node:a', x(1), [0, 3], false, false, '10.0.0.1'],
      ['node:b', x(2), [1, 2], false, false, ''],
      ['pod:default/web-1', x(3), [], false, true, '10.42.1.41'],
    ]);
    expect(l.columns.map((c) => c.turn)).toEqual([false, false, false, true]);
    expect([l.requestY, l.replyY, l.height]).toEqual([REQUEST_Y, REPLY_Y, BOX_Y * 2 + 94]);
    // with room on the right for the packet to turn back
    expect(l.width).toBe(2 * PAD + 4 * COL_W + 3 * GAP + TURN_OUT);
    // request arrows run right between facing sides; the reply's come back on the lower lane
    expect(l.requestArrows).toEqual([
      { from: 'pod:default/client', to: 'node:a', x1: x(0) + COL_W, x2: x(1), y: REQUEST_Y },
      { from: 'node:a', to: 'node:b', x1: x(1) + COL_W, x2: x(2), y: REQUEST_Y },
      { from: 'node:b', to: 'pod:default/web-1', x1: x(2) + COL_W, x2: x(3), y: REQUEST_Y },
    ]);
    expect(l.replyArrows.map((a) => [a.from, a.to, a.x1, a.x2, a.y])).toEqual([
      ['pod:default/web-1', 'node:b', x(3), x(2) + COL_W, REPLY_Y],
      ['node:b', 'node:a', x(2), x(1) + COL_W, REPLY_Y],
      ['node:a', 'pod:default/client', x(1), x(0) + COL_W, REPLY_Y],
    ]);
    // through the boxes' middles and lanes, where no text is; it goes down from one lane to the
    // other just right of the receiver (through the receiver it would cross its notes)
    const turn = x(3) + COL_W + TURN_X;
    expect(l.requestPath).toEqual([
      ...[0, 1, 2].map((i) => ({ x: mid(i), y: REQUEST_Y })),
      { x: turn, y: REQUEST_Y },
    ]);
    expect(l.replyPath).toEqual([
      { x: turn, y: REPLY_Y },
      ...[2, 1, 0].map((i) => ({ x: mid(i), y: REPLY_Y })),
    ]);
  });

  it('a node that sends is its own sender column; a drop ends there with no reply', () => {
    const NODE: PlaceView = { kind: 'node', name: 'a', address: '10.0.0.1' };
    const j = journeyOf([hop('a', 'request')], end('dropped', null, 'a'), null);
    const l = stripLayout(j, NODE);
    expect(l.columns.map((c) => [c.key, c.sender, c.receiver, c.stopped, c.hops])).toEqual([
      ['node:a', true, false, true, [0]],
    ]);
    expect(l.requestArrows).toEqual([]);
    expect(l.replyPath).toEqual([]);
  });

  it('a reply that skips the entry node gets its own column before the receiver', () => {
    const LAPTOP: PlaceView = { kind: 'client', name: 'laptop', address: '203.0.113.7' };
    const j = journeyOf(
      [hop('a', 'request'), hop('b', 'request'), hop('c', 'reply')],
      end('delivered', WEB, 'b'),
      end('delivered', LAPTOP, 'c'),
    );
    const l = stripLayout(j, LAPTOP);
    expect(l.columns.map((c) => c.key)).toEqual([
      'client:203.0.113.7',
      'node:a',
      'node:b',
      'node:c',
      'pod:default/web-1',
    ]);
    expect(l.replyArrows.map((a) => [a.from, a.to])).toEqual([
      ['pod:default/web-1', 'node:c'],
      ['node:c', 'client:203.0.113.7'],
    ]);
  });

  it('the same node twice in a row is one stop', () => {
    const j = journeyOf(
      [hop('a', 'request'), hop('a', 'request')],
      end('delivered', WEB, 'a'),
      null,
    );
    expect(stripLayout(j, CLIENT).requestArrows.map((a) => [a.from, a.to])).toEqual([
      ['pod:default/client', 'node:a'],
      ['node:a', 'pod:default/web-1'],
    ]);
  });
});

describe('fitting the panel', () => {
  const crossing = journeyOf(
    [hop('a', 'request'), hop('b', 'request'), hop('b', 'reply'), hop('a', 'reply')],
    end('delivered', WEB, 'b'),
    end('delivered', CLIENT, 'a'),
  );

  it('four columns in a 515 px panel: narrower gaps and boxes, nothing past the edge', () => {
    expect(columnFit(4, 515)).toEqual({ colW: 109, gap: MIN_GAP });
    const l = stripLayout(crossing, CLIENT, new Map(), { width: 515 });
    expect(l.width).toBe(2 * PAD + 4 * 109 + 3 * MIN_GAP + TURN_OUT);
    expect(l.width).toBeLessThanOrEqual(515);
    const last = l.columns.at(-1)!;
    expect(last.x + l.colW + TURN_OUT + PAD).toBe(l.width);
    expect(l.requestArrows.map((a) => a.x2 - a.x1)).toEqual([MIN_GAP, MIN_GAP, MIN_GAP]);
  });

  it('few columns keep their gaps and stop growing at the widest box', () => {
    expect(columnFit(3, 515)).toEqual({ colW: 147, gap: GAP });
    expect(columnFit(2, 900)).toEqual({ colW: 150, gap: GAP });
    expect(columnFit(4)).toEqual({ colW: COL_W, gap: GAP });
  });

  it('too many columns for the panel stop at the narrowest box (the drawing is then scaled)', () => {
    expect(columnFit(6, 515)).toEqual({ colW: MIN_COL_W, gap: MIN_GAP });
  });

  it('wrapped notes make their rows taller and move the reply lane down', () => {
    expect(boxMetrics([1, 1])).toEqual({
      nameY: 15,
      subY: 28,
      requestLane: 40,
      noteY: [56, 72],
      replyLane: 85,
      height: 94,
    });
    expect(boxMetrics([2, 2])).toMatchObject({ noteY: [56, 83], replyLane: 107, height: 116 });
    // a node's translations, one note each: the rows grow a line per line, up to a bound
    expect(boxMetrics([4, 4])).toMatchObject({ noteY: [56, 105], replyLane: 151, height: 160 });
    expect(boxMetrics([20, 1])).toEqual(boxMetrics([MAX_NOTE_LINES, 1]));
    const l = stripLayout(crossing, CLIENT, new Map(), { noteLines: [1, 2] });
    expect([l.requestY, l.replyY]).toEqual([BOX_Y + 40, BOX_Y + 96]);
    expect(l.replyArrows.every((a) => a.y === l.replyY)).toBe(true);
  });
});

describe('shortName', () => {
  it('keeps a node name to its first DNS label and a pod without its default namespace', () => {
    expect(shortName('node', 'ip-10-32-11-62.ap-northeast-2.compute.internal')).toBe(
      'ip-10-32-11-62',
    );
    expect(shortName('node', '10.0.0.1')).toBe('10.0.0.1');
    expect(shortName('pod', 'default/client')).toBe('client');
    expect(shortName('pod', 'kube-system/dns')).toBe('kube-system/dns');
  });

  it('cuts what is still too long in the middle', () => {
    expect(shortName('pod', 'default/service-test-cd79b78bd-82rpx')).toBe('service-…d-82rpx');
    expect(shortName('pod', 'default/service-test-cd79b78bd-82rpx', 20)).toBe(
      'service-te…8bd-82rpx',
    );
  });
});
