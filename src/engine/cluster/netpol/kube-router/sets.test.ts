import { describe, expect, it } from 'vitest';
import { readIpsetText } from '../../../netfilter/index.ts';
import { parsePrefix } from '../../../netfilter/ipv4.ts';
import { ipsetRestoreText } from '../ipset-text.ts';
import { KubeRouterSets } from './sets.ts';

const prefix = (s: string) => parsePrefix(s)!;

describe("kube-router's ipsets", () => {
  const sets = new KubeRouterSets();
  sets.blocks('KUBE-SRC-BLOCKS', [
    { cidr: prefix('0.0.0.0/0'), except: [prefix('10.42.0.7/32'), prefix('0.0.0.0/0')] },
  ]);
  sets.addresses('KUBE-DST-PODS', [0x0a2a000a, 0x0a2a000a, 0x0a2a0114]);

  it('writes a /0 as two /1s, exceptions as nomatch members, every member with timeout 0', () => {
    expect(ipsetRestoreText(sets.list())).toBe(
      [
        'create KUBE-DST-PODS hash:ip family inet hashsize 1024 maxelem 65536 timeout 0',
        'add KUBE-DST-PODS 10.42.0.10 timeout 0',
        'add KUBE-DST-PODS 10.42.1.20 timeout 0',
        'create KUBE-SRC-BLOCKS hash:net family inet hashsize 1024 maxelem 65536 timeout 0',
        'add KUBE-SRC-BLOCKS 0.0.0.0/1 timeout 0',
        'add KUBE-SRC-BLOCKS 128.0.0.0/1 timeout 0',
        'add KUBE-SRC-BLOCKS 10.42.0.7 timeout 0 nomatch',
        'add KUBE-SRC-BLOCKS 0.0.0.0/1 timeout 0 nomatch',
        'add KUBE-SRC-BLOCKS 128.0.0.0/1 timeout 0 nomatch',
        '',
      ].join('\n'),
    );
  });

  it('is read back by the ipset reader with the same members and flags', () => {
    const read = readIpsetText(ipsetRestoreText(sets.list()));
    expect(read.diagnostics).toEqual([]);
    const blocks = read.sets.find((s) => s.name === 'KUBE-SRC-BLOCKS');
    expect(blocks?.members.map((m) => [m.text, m.nomatch ?? false, m.timeout])).toEqual([
      ['0.0.0.0/1', false, 0],
      ['128.0.0.0/1', false, 0],
      ['10.42.0.7', true, 0],
      ['0.0.0.0/1', true, 0],
      ['128.0.0.0/1', true, 0],
    ]);
  });
});
