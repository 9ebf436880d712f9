import { describe, expect, it } from 'vitest';
import { readIpsetText } from './ipset-text.ts';

/** A kube-router node's `ipset save`: hash:ip sets with timeouts, an ipBlock set with an except. */
const KUBE_ROUTER = `create KUBE-DST-32U26RIZCHXXBTSZ hash:ip family inet hashsize 1024 maxelem 65536 timeout 0 bucketsize 12 initval 0x5d3b8a21
add KUBE-DST-32U26RIZCHXXBTSZ 10.42.0.10 timeout 0
create KUBE-SRC-ELVJFPASFIJIINJJ hash:ip family inet hashsize 1024 maxelem 65536 timeout 0
add KUBE-SRC-ELVJFPASFIJIINJJ 10.42.1.20 timeout 0
create KUBE-SRC-MNBLPZOJUX4JSB2F hash:net family inet hashsize 1024 maxelem 65536 timeout 0
add KUBE-SRC-MNBLPZOJUX4JSB2F 192.168.0.0/16 timeout 0
add KUBE-SRC-MNBLPZOJUX4JSB2F 192.168.7.0/24 timeout 0 nomatch
create inet6:KUBE-DST-32U26RIZCHXXBTSZ hash:ip family inet6 hashsize 1024 maxelem 65536 timeout 0
add inet6:KUBE-DST-32U26RIZCHXXBTSZ fd00:10:42::a timeout 0
`;

/** A Calico node's `ipset list` (the members of a hash:net set print without /32). */
const CALICO_LIST = `Name: cali40all-ipam-pools
Type: hash:net
Revision: 7
Header: family inet hashsize 1024 maxelem 1048576 bucketsize 12 initval 0x2c4a1f03
Size in memory: 504
References: 1
Number of entries: 1
Members:
10.244.0.0/16

Name: cali40s:Qm7T2vHk9sLdXe4bWnPa1Zc
Type: hash:net
Revision: 7
Header: family inet hashsize 1024 maxelem 1048576 bucketsize 12 initval 0x0e8d5c22
Size in memory: 552
References: 2
Number of entries: 2
Members:
10.244.1.17
10.244.2.5

Name: cali40n:Mx2Vb8QeTh0aK5LcRdwNs9P
Type: hash:ip,port
Revision: 6
Header: family inet hashsize 1024 maxelem 1048576 bucketsize 12 initval 0x77a0e3d1
Size in memory: 232
References: 1
Number of entries: 1
Members:
10.244.1.17,tcp:8080
`;

describe('readIpsetText', () => {
  it('reads an ipset save text: types, members, timeouts, nomatch, an IPv6 set', () => {
    const r = readIpsetText(KUBE_ROUTER);
    expect(r.format).toBe('save');
    expect(r.sets.map((s) => [s.name, s.type, s.family, s.members.length])).toEqual([
      ['KUBE-DST-32U26RIZCHXXBTSZ', 'hash:ip', 'inet', 1],
      ['KUBE-SRC-ELVJFPASFIJIINJJ', 'hash:ip', 'inet', 1],
      ['KUBE-SRC-MNBLPZOJUX4JSB2F', 'hash:net', 'inet', 2],
      ['inet6:KUBE-DST-32U26RIZCHXXBTSZ', 'hash:ip', 'inet6', 1],
    ]);
    const block = r.sets[2]!.members;
    expect(block.map((m) => [m.text, m.nomatch ?? false, m.timeout])).toEqual([
      ['192.168.0.0/16', false, 0],
      ['192.168.7.0/24', true, 0],
    ]);
    expect(r.sets[0]!.options).toContain('initval');
    expect(r.diagnostics).toEqual([]);
    expect(r.sets[3]!.members[0]!.elements).toEqual([
      { kind: 'net', net: { address: 0xfd00001000420000000000000000000an, prefix: 128 } },
    ]);
  });

  it('reads an ipset list text the same way', () => {
    const r = readIpsetText(CALICO_LIST);
    expect(r.format).toBe('list');
    expect(r.diagnostics).toEqual([]);
    expect(r.sets.map((s) => [s.name, s.type, s.members.map((m) => m.text)])).toEqual([
      ['cali40all-ipam-pools', 'hash:net', ['10.244.0.0/16']],
      ['cali40s:Qm7T2vHk9sLdXe4bWnPa1Zc', 'hash:net', ['10.244.1.17', '10.244.2.5']],
      ['cali40n:Mx2Vb8QeTh0aK5LcRdwNs9P', 'hash:ip,port', ['10.244.1.17,tcp:8080']],
    ]);
    expect(r.sets[2]!.members[0]!.elements[1]).toEqual({
      kind: 'port',
      proto: 'tcp',
      from: 8080,
      to: 8080,
    });
  });

  it('reads every set type a node uses', () => {
    const r = readIpsetText(`create A hash:ip,port,ip family inet
add A 10.244.1.5,tcp:8080,10.244.1.5
create B hash:ip,port,net family inet
add B 10.0.0.1,udp:53,10.244.0.0/16 nomatch
create C hash:net,port family inet
add C 10.0.0.0/8,sctp:9-11
create D hash:net,iface family inet
add D 10.0.0.0/8,eth0
add D 10.1.0.0/16,physdev:veth1
create E bitmap:port range 0-65535
add E 8080
create F hash:ip,port family inet counters
add F 10.0.0.1,icmp:echo-request packets 4 bytes 336
create L list:set size 8
add L A
add L C before A
`);
    expect(r.sets.map((s) => s.type)).toEqual([
      'hash:ip,port,ip',
      'hash:ip,port,net',
      'hash:net,port',
      'hash:net,iface',
      'bitmap:port',
      'hash:ip,port',
      'list:set',
    ]);
    expect(r.sets[4]!.members[0]!.elements).toEqual([
      { kind: 'port', proto: null, from: 8080, to: 8080 },
    ]);
    const f = r.sets[5]!;
    expect([f.counters, f.members[0]!.packets, f.members[0]!.bytes]).toEqual([true, '4', '336']);
    // a physdev interface and an ICMP type are kept and said untested, at their member
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['unsupported', 9, 7],
      ['unsupported', 13, 7],
    ]);
    expect(r.sets[6]!.members.map((m) => m.text)).toEqual(['A', 'C']);
  });

  it('reports each problem at its line and column and reads the other lines', () => {
    const r = readIpsetText(`create S hash:net family inet
add S 10.0.0.0/33
add T 10.0.0.1
create S hash:ip
create U hash:nope
add S 10.1.0.0/16 tiemout 5
bogus S
add S 10.2.0.0/16 comment "never closed
create V hash:ip family inet7
create W hash:ip
add W 10.0.0.0/24 nomatch
create L list:set
add L NOPE
add S 10.3.0.0/16
add S 10.4.0.0/16 timeout 5
`);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.endColumn])).toEqual([
      ['bad-member', 'error', 2, 7, 18],
      ['unknown-set', 'error', 3, 5, 6],
      ['duplicate-set', 'error', 4, 8, 9],
      ['bad-type', 'error', 5, 10, 19],
      ['bad-option', 'error', 6, 19, 28],
      ['syntax', 'error', 7, 1, 6],
      ['unterminated-quote', 'error', 8, 27, 40],
      ['bad-option', 'error', 9, 25, 30],
      ['bad-option', 'error', 11, 19, 26],
      ['unknown-set', 'error', 13, 7, 11],
      ['bad-option', 'error', 15, 19, 28],
    ]);
    expect(r.sets.find((s) => s.name === 'S')!.members.map((m) => m.text)).toEqual([
      '10.1.0.0/16',
      '10.3.0.0/16',
      '10.4.0.0/16',
    ]);
  });

  it('applies the restore commands: del, flush, swap, rename, destroy', () => {
    const r = readIpsetText(`create A hash:ip
add A 10.0.0.1
add A 10.0.0.2
create TMP hash:ip
add TMP 10.0.0.9
del A 10.0.0.1
swap TMP A
flush TMP
rename TMP OLD
create GONE hash:ip
destroy GONE
`);
    expect(r.diagnostics).toEqual([]);
    expect(r.sets.map((s) => [s.name, s.members.map((m) => m.text)])).toEqual([
      ['A', ['10.0.0.9']],
      ['OLD', []],
    ]);
  });

  it('says so when the text holds no set', () => {
    expect(readIpsetText('\n# nothing\n').diagnostics.map((d) => d.code)).toEqual(['empty-input']);
  });
});
