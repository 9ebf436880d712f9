import { describe, expect, it } from 'vitest';
import type { JourneyNote } from '../../../engine/cluster/journey/index.ts';
import { strings } from './strings.ts';

const NOTES: JourneyNote[] = [
  { kind: 'entry-assumed', address: '10.43.250.102', node: 'node-a' },
  { kind: 'no-node' },
  { kind: 'cut-short' },
];

describe("the engine's notes in the reader's language", () => {
  it('words each note in English and in Korean, with its values', () => {
    expect(NOTES.map((n) => strings.en.note(n))).toEqual([
      'From outside, the packet for 10.43.250.102 is taken to node-a, the first node: the load balancer or router in front of the cluster is not modelled.',
      'The cluster has no node for the packet to reach.',
      'Following every branch stopped early: some endings may be missing.',
    ]);
    expect(NOTES.map((n) => strings.ko.note(n))).toEqual([
      '클러스터 밖에서 10.43.250.102(으)로 가는 패킷은 첫 번째 노드 node-a에 닿는다고 봅니다. 클러스터 앞의 로드밸런서나 라우터는 모델링하지 않습니다.',
      '클러스터에 패킷이 닿을 노드가 없습니다.',
      '모든 분기를 따라가다 도중에 멈췄습니다. 빠진 결말이 있을 수 있습니다.',
    ]);
  });

  it('has a Korean word for every English one in the strip', () => {
    const en = strings.en;
    const ko = strings.ko;
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
    expect(ko.inIf('cni0', 'vetha1d4b674')).toBe('입력 cni0 (vetha1d4b674)');
    expect(ko.outIf('eth0')).toBe('출력 eth0');
    expect(ko.gets('10.43.62.130:80')).toBe('10.43.62.130:80에서 받음');
    expect(ko.sees('10.42.0.10:40000')).toBe('10.42.0.10:40000에서 옴');
    for (const k of ['packet', 'host', 'source'] as const) expect(ko.problem[k]).toMatch(/[가-힣]/);
  });
});
