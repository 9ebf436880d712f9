/**
 * Random iptables-save rule text for the differential harness (differential.test.ts), which holds
 * every fast reader of the `-A` line to the reference reader: core options short and long, with
 * `!` before them and the old `-s ! ADDR`; comments plain, quoted, with quotes, backslashes and
 * escapes; DNAT addresses, ranges and ports; `[p:b]` and `-c` counters; odd spacing; rules of
 * several chains interleaved, with `-I`, blank and comment lines, undeclared and quoted chain
 * names among them (the fast path reads a run of `-A` lines chain by chain); and every
 * module of the registry with options from its own list and values from a common pool, so that
 * a module added to the registry is in the harness at once. Most such words are wrong for their
 * module: the fast readers must then leave the line to the reference reader, which is tested too.
 */
import fc from 'fast-check';
import { registry } from '../modules/registry.ts';
import type { AnyModule } from '../modules/types.ts';

export const CHAINS = ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING', 'KUBE-X', 'KUBE-Y'];

/** Values a module option is tried with: right for some, wrong for most. */
const VALUES = [
  '80',
  '1:1024',
  '0x4000/0x4000',
  'NEW,ESTABLISHED',
  'tcp',
  '10.0.0.1',
  '10.0.0.0/8',
  'fe80::1',
  'eth0',
  'LOCAL',
  '0.50000000000',
  'random',
  '"a b"',
  '5/second',
  '',
];

const comment = fc.oneof(
  fc.constantFrom('ns/web:http', 'plain_word-1', 'ns/web:http -> 10.42.0.43:8080'),
  fc.constantFrom('"ns/web:http cluster IP"', '"has \\"quotes\\""', '"back\\\\slash"', "'single'"),
  fc.constantFrom('"-dash first"', '""', '"tab\there"', '"ünï"', `"${'x'.repeat(256)}"`),
);

const dnat = fc.constantFrom(
  '10.244.1.5:8080',
  '10.244.1.5',
  '10.0.0.1-10.0.0.9',
  '10.0.0.1:80-90',
  '10.0.0.1:0',
  '[fe80::1]:80',
  'fe80::1',
  '010.0.0.1:80',
  ':80',
);

/** Words the fast readers were once wrong about, or nearly: each one a part of its own. */
const EDGE_PARTS = [
  '-s 10.0.0.1/32',
  '-s 10.0.0.1',
  '! -s 10.0.0.0/8',
  '-s 0.0.0.0/0',
  '! -d 0.0.0.0/0',
  '-d 1.2.3.4/255.255.255.0',
  '-i eth0',
  '! -i eth+',
  '-o lo',
  '-p tcp',
  '-p udp',
  '-p 6',
  '-p TCP',
  '! -p tcp',
  '-p all',
  '-f',
  '! -f',
  '-m comment --comment "x y"',
  '-m comment --comment abc',
  // read in place by the fast path: its edges must fall back to the full reader
  '-m comment --comment ""',
  '-m comment --comment "-x"',
  '-m comment --comment -x',
  '-m comment --comment "it\'s"',
  '-m comment --comment "a\\"b"',
  '-m comment --comment !',
  '-m comment --comment a"b',
  '-m comment --comment "x"y',
  '-m comment --comment "ab',
  '-m comment --comment x --comment y',
  '-m comment --comment',
  '-m comment --comment "한국어 설명"',
  `-m comment --comment "${'a'.repeat(256)}"`,
  `-m comment --comment "${'가'.repeat(86)}"`,
  '-m comment ! --comment x',
  '-m comment "--comment" x',
  '-m "comment" --comment x',
  '-m tcp --dport 80',
  '-m tcp --dport 0080',
  '-m tcp ! --dport 80',
  '-m udp --dport 53',
  '-m tcp --sport 1:2 --dport 3',
  '-m multiport --dports 80,443',
  '-m conntrack --ctstate NEW',
  '-m statistic --mode random --probability 0.5',
  '-m mark --mark 0x4000/0x4000',
  '-m addrtype --dst-type LOCAL',
  '-j ACCEPT',
  '-j DNAT --to-destination 1.2.3.4:80',
  '-j DNAT --to-destination 1.2.3.4',
  '-j DNAT --to-destination 1.2.3.4-1.2.3.9:80-90',
  '-j DNAT --to-destination 1.2.3.4:80-90/100',
  '-j DNAT --to-destination 1.2.3.4:80-90/0',
  '-j DNAT --to-destination 01.2.3.4:080',
  '-j DNAT --to-destination :80',
  '-j DNAT --to-destination 1.2.3.400',
  '-j DNAT --to-destination [::1]:80',
  '-j DNAT --to-destination "1.2.3.4:80"',
  '-j DNAT --to-destination -1',
  '-j DNAT --to-destination 1.2.3.4:80 --random',
  '-j DNAT --to-destination',
  '-j DNAT "--to-destination" 1.2.3.4',
  '-j KUBE-X',
  '-g KUBE-X',
  '-j MARK --set-xmark 0x4000/0x4000',
  '-j MASQUERADE',
  '-j REJECT',
  '-j RETURN',
  '-j NOPE',
  '--dport 80',
  '!',
  '-m',
  '-j',
  '"quoted word"',
  'stray',
  '-m nosuch --x 1',
];

/** `-m NAME` (or `-j NAME`) with up to two of its options, each `!`-negated or not. */
function moduleWords(flag: '-m' | '-j', modules: readonly AnyModule[]): fc.Arbitrary<string> {
  return fc.constantFrom(...modules).chain((module) => {
    const option = module.options.length
      ? fc.tuple(fc.constantFrom(...module.options), fc.boolean(), fc.constantFrom(...VALUES))
      : fc.constant(undefined);
    return fc.array(option, { maxLength: 2 }).map((options) => {
      const words = [flag, module.name];
      for (const o of options) {
        if (!o) continue;
        const [spec, negated, value] = o;
        if (negated) words.push('!');
        words.push(`--${spec.name}`);
        for (let k = 0; k < spec.args; k++) words.push(value);
      }
      return words.filter((w) => w !== '').join(' ');
    });
  });
}

/** Numbers and names iptables reads but prints otherwise: the readers must warn alike. */
const PROTOCOLS_RESPELLED = ['-p 6', '-p TCP', '-p 0x11', '-p 010', '-p ALL', '-p 0', '-p Icmp'];
const IPV4_RESPELLED = [
  '010.0.0.1',
  '10.0.0.0/010',
  '10.0.0.0/0x8',
  '10.0.0.0/+8',
  '0x0a.0.0.1/255.0.0.0',
  '10.0.0.1/0255.0.0.0',
  '08.0.0.1',
];

/** The words of a rule after `-A CHAIN`, as a list (joined by the caller's spacing). */
export function ruleParts(family: 'ipv4' | 'ipv6'): fc.Arbitrary<string[]> {
  const address =
    family === 'ipv4'
      ? ['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '10.1.2.3/32', ...IPV4_RESPELLED]
      : ['fe80::1', '::/0', '2001:db8::/32', '2001:db8::/0x20', 'fe80::/010', 'fe80::/+64'];
  const part = fc.oneof(
    fc
      .constantFrom(...address)
      .chain((a) => fc.constantFrom(`-s ${a}`, `! -d ${a}`, `--source ${a}`, `-s ! ${a}`)),
    fc.constantFrom(
      '-p tcp',
      '-p udp',
      '! -p tcp',
      '-p all',
      '--protocol sctp',
      ...PROTOCOLS_RESPELLED,
    ),
    fc.constantFrom('-i eth0', '! -o cni+', '-i lo', '-f', '! -f'),
    comment.map((c) => `-m comment --comment ${c}`),
    moduleWords('-m', [...registry.matches.values()]),
    fc.constantFrom(...EDGE_PARTS),
  );
  const target = fc.oneof(
    fc.constantFrom(
      '-j ACCEPT',
      '-j KUBE-Y',
      '-g KUBE-Y',
      '-j RETURN',
      '--jump DROP',
      '-j MISSING',
    ),
    dnat.map((d) => `-j DNAT --to-destination ${d}`),
    moduleWords('-j', [...registry.targets.values()]),
    fc.constant(''),
  );
  return fc
    .tuple(fc.array(part, { maxLength: 5 }), target, fc.option(fc.constantFrom('-c 3 400', '-c x')))
    .map(([parts, t, c]) => [...parts, t, c ?? ''].filter((p) => p !== ''));
}

/** A dump of one table with these chains and random rules, in random spacing and counters. */
export function dumpText(family: 'ipv4' | 'ipv6'): fc.Arbitrary<string> {
  const rule = fc.record({
    // a chain never declared, and names the fast path cannot read before the line (quoted, tab)
    chain: fc.constantFrom(...CHAINS, ...CHAINS, 'KUBE-UNDECLARED', '"KUBE-X"'),
    // how the line adds its rule; blank and comment lines between rules change nothing
    command: fc.constantFrom('-A ', '-A ', '-A ', '-A ', '-I ', '-A\t', '\n-A ', '# note\n-A '),
    parts: ruleParts(family),
    gap: fc.constantFrom(' ', ' ', ' ', '  ', '\t'),
    counters: fc.constantFrom('', '', '[0:0] ', '[12:3400] ', '[1:] '),
    trailing: fc.constantFrom('', '', ' '),
    twice: fc.boolean(),
  });
  return fc
    .tuple(fc.constantFrom('nat', 'filter', 'mangle', 'raw'), fc.array(rule, { maxLength: 8 }))
    .map(([table, rules]) => {
      const lines = [
        `*${table}`,
        ...CHAINS.map((c) => `:${c} ${c.startsWith('KUBE') ? '-' : 'ACCEPT'} [0:0]`),
      ];
      for (const r of rules) {
        const line = `${r.counters}${[`${r.command}${r.chain}`, ...r.parts].join(r.gap)}${r.trailing}`;
        lines.push(line);
        if (r.twice) lines.push(line);
      }
      return [...lines, 'COMMIT', ''].join('\n');
    });
}
