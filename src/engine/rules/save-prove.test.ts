import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainTable } from './chain-table.ts';
import { RuleMemo } from './rule-memo.ts';
import { BUILTIN_CHAINS, isBuiltinChain, type TableName } from './model.ts';
import { parseSave } from './save-parser.ts';
import { printSave } from './save-printer.ts';
import { provenJump, proveRuleLine } from './save-prove.ts';
import { isStandardTarget, registry } from '../modules/registry.ts';
import { generateKubeDump } from '../../../scripts/bench/generate-kube.ts';

const BUILTIN = BUILTIN_CHAINS;

/** The words after `-A`: the chain, and the jump target when it names a chain of its own. */
function names(line: string): { chain: string; target: string | undefined } {
  const words = line.split(' ');
  const j = words.lastIndexOf('-j');
  return { chain: words[1] ?? '', target: j > 0 ? words[j + 1] : undefined };
}

/** What the prover says of `line` in `table`, the line's chain (and a chain it jumps to) declared. */
function prove(table: TableName, line: string): { proven: boolean; jump: string | undefined } {
  const chains = chainTable(table, [...BUILTIN[table], ...userChains(table, line)]);
  const proven = proveRuleLine(line, 0, line.length, chains, new RuleMemo('ipv4')) >= 0;
  const jump = proven ? provenJump() : -1;
  return { proven, jump: jump >= 0 ? chains.names[jump] : undefined };
}

function chainTable(table: TableName, names: readonly string[]): ChainTable {
  const chains = new ChainTable(table);
  for (const name of names) chains.declare(name);
  return chains;
}

function userChains(table: TableName, line: string): string[] {
  const { chain, target } = names(line);
  return [chain, target ?? ''].filter(
    (n, i, all) =>
      /^[A-Za-z][\w.-]*$/.test(n) &&
      !isBuiltinChain(table, n) &&
      !isStandardTarget(n) &&
      !registry.targets.has(n) &&
      all.indexOf(n) === i,
  );
}

/** The truth the prover must never contradict: the full reader has nothing to say about the line
 * and iptables-save prints it back as written. */
function printsAsWritten(table: TableName, line: string): boolean {
  const text = [
    `*${table}`,
    ...BUILTIN[table].map((c) => `:${c} ACCEPT [0:0]`),
    ...userChains(table, line).map((c) => `:${c} - [0:0]`),
    line,
    'COMMIT',
    '',
  ].join('\n');
  const full = parseSave(text, 'ipv4', { fastPath: false });
  if (full.diagnostics.length > 0) return false;
  return printSave(full.ruleset).split('\n').includes(line);
}

/** Proven lines print as written, and the jump is the chain the line names. */
function expectSound(table: TableName, line: string): boolean {
  const { proven, jump } = prove(table, line);
  if (proven) {
    expect(printsAsWritten(table, line), line).toBe(true);
    const { target } = names(line);
    const user = target !== undefined && userChains(table, line).includes(target);
    expect(jump).toBe(user ? target : undefined);
  }
  return proven;
}

const SEP = '-A KUBE-SEP-ABC';

describe('proving a rule line prints back as written', () => {
  it.each([
    ['nat', `${SEP} -s 10.244.1.9/32 -m comment --comment "ns/web:http" -j KUBE-MARK-MASQ`],
    [
      'nat',
      `${SEP} -p tcp -m comment --comment "ns/web:http" -m tcp -j DNAT --to-destination 10.244.1.9:8080`,
    ],
    ['nat', `${SEP} -p udp -m comment --comment dns -m udp -j DNAT --to-destination 10.244.1.9:53`],
    ['nat', `${SEP} -j DNAT --to-destination 10.244.1.9`],
    [
      'nat',
      '-A KUBE-SVC-X -m comment --comment "ns/web:http -> 10.244.1.9:8080" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-ABC',
    ],
    [
      'nat',
      '-A KUBE-SVC-X ! -s 10.244.0.0/16 -d 10.96.0.10/32 -p tcp -m comment --comment "ns/web:http cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ',
    ],
    [
      'filter',
      '-A KUBE-SERVICES -d 10.96.0.38/32 -p udp -m comment --comment "ns/dns has no endpoints" -m udp --dport 53 -j REJECT --reject-with icmp-port-unreachable',
    ],
    ['filter', '-A INPUT -j ACCEPT'],
    ['filter', '-A FORWARD -i docker0 ! -o docker0 -j ACCEPT'],
    ['filter', '-A FORWARD ! -i br-5c1d0e8a9f3b -o cali+ -p tcp -m tcp --dport 22 -j DROP'],
    ['filter', '-A INPUT -s 0.0.0.1/32 -j DROP'],
    ['nat', '-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000'],
  ] as [TableName, string][])('proves %s: %s', (table, line) => {
    expect(expectSound(table, line)).toBe(true);
  });

  it.each([
    ['nat', `${SEP} -s 10.244.1.9 -j KUBE-MARK-MASQ`], // iptables-save adds /32
    ['nat', `${SEP} -s 10.244.1.9/24 -j KUBE-MARK-MASQ`], // host bits: printed as 10.244.1.0/24
    ['nat', `${SEP} -s 10.244.01.9/32 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -s 10.244.1.9/33 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -s 0.0.0.0/0 -j KUBE-MARK-MASQ`], // dropped by iptables
    ['nat', `${SEP} -d 10.96.0.1/32 ! -s 10.0.0.0/8 -j KUBE-MARK-MASQ`], // out of iptables' order
    ['nat', `${SEP} -m comment --comment "plain" -j KUBE-MARK-MASQ`], // quoted, needs none
    ['nat', `${SEP} -m comment --comment "-x" -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -m comment --comment "caf\u00e9" -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -m comment --comment "${'x '.repeat(128)}" -j KUBE-MARK-MASQ`], // > 255 bytes
    ['nat', `${SEP} -j DNAT --to-destination 10.244.1.9:8080`], // a port needs -p
    ['nat', `${SEP} -p tcp -j DNAT --to-destination 10.244.1.9:0`],
    ['nat', `${SEP} -p tcp -j DNAT --to-destination 10.244.1.9:08080`],
    ['nat', `${SEP} -p tcp -j DNAT --to-destination 10.244.1.9:8080-8090`],
    ['filter', `-A INPUT -p tcp -j DNAT --to-destination 10.244.1.9:8080`], // nat only
    ['nat', `-A POSTROUTING -p tcp -j DNAT --to-destination 10.244.1.9:8080`], // not after routing
    ['nat', `${SEP} -p udp -m tcp --dport 53 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -p tcp -m tcp --dport 080 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -p tcp -m tcp --dport 65536 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -m tcp --dport 80 -j KUBE-MARK-MASQ`], // -m tcp needs -p tcp
    ['nat', `${SEP} -p tcp -m tcp --dport "80" -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -m statistic --mode random --probability 0.3333333333 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -p TCP -m tcp --dport 80 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -p 6 -m tcp --dport 80 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP}  -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -j KUBE-MARK-MASQ `],
    ['nat', `${SEP} -j KUBE-MARK-MASQ -m comment --comment x`], // a match after the target
    ['nat', `${SEP} --source 10.0.0.0/8 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -i eth0.100@x -j KUBE-MARK-MASQ`], // left to the reader
    ['nat', `${SEP} -i eth+0 -j KUBE-MARK-MASQ`],
    ['nat', `${SEP} -o eth0 -i eth1 -j KUBE-MARK-MASQ`], // out of iptables' order
    ['nat', `${SEP} -g KUBE-MARK-MASQ`],
    ['nat', `${SEP} -m comment --comment x`], // no target
    ['filter', `-A NOWHERE -j ACCEPT`], // an undeclared chain
  ] as [TableName, string][])('leaves to the reader %s: %s', (table, line) => {
    const user = line.startsWith('-A NOWHERE') ? [] : userChains(table, line);
    const chains = chainTable(table, [...BUILTIN[table], ...user]);
    expect(proveRuleLine(line, 0, line.length, chains, new RuleMemo('ipv4'))).toBe(-1);
  });

  it('leaves IPv6 to the reader', () => {
    const line = '-A INPUT -j ACCEPT';
    const chains = chainTable('filter', BUILTIN.filter);
    expect(proveRuleLine(line, 0, line.length, chains, new RuleMemo('ipv6'))).toBe(-1);
  });

  it('proves nothing the full reader would print otherwise: every fixture line', () => {
    const dir = new URL('../../../tests/fixtures/', import.meta.url);
    let proven = 0;
    for (const file of readdirSync(dir).filter((f) => /\.(rules|save)$/.test(f))) {
      let table: TableName | undefined;
      for (const line of readFileSync(new URL(file, dir), 'utf8').split('\n')) {
        if (line.startsWith('*')) table = line.slice(1) as TableName;
        else if (line.startsWith('-A ') && table && table in BUILTIN)
          if (expectSound(table, line)) proven++;
      }
    }
    expect(proven).toBeGreaterThan(300);
  });

  it('proves nearly every line of a kube-proxy dump', () => {
    let table: TableName = 'filter';
    let rules = 0;
    let proven = 0;
    for (const line of generateKubeDump({ rules: 2000, seed: 3 }).text.split('\n')) {
      if (line.startsWith('*')) table = line.slice(1) as TableName;
      else if (line.startsWith('-A ')) {
        rules++;
        if (expectSound(table, line)) proven++;
      }
    }
    // the few the reader takes: MARK, MASQUERADE --random-fully and conntrack lines
    expect(proven / rules).toBeGreaterThan(0.99);
  });

  it('never proves a random line that prints otherwise', () => {
    const octet = fc.oneof(fc.integer({ min: 0, max: 255 }).map(String), fc.constant('01'));
    const ip = fc.tuple(octet, octet, octet, octet).map((p) => p.join('.'));
    const cidr = fc
      .tuple(ip, fc.oneof(fc.integer({ min: 0, max: 33 }).map(String), fc.constant('')))
      .map(([a, p]) => (p === '' ? a : `${a}/${p}`));
    const port = fc.oneof(fc.integer({ min: 0, max: 70000 }).map(String), fc.constant('080'));
    const comment = fc.oneof(
      fc.stringMatching(/^[a-z/:. -]{0,20}$/).map((s) => `"${s}"`),
      fc.stringMatching(/^[a-z_-]{1,10}$/),
    );
    const word = fc.oneof(
      fc
        .tuple(fc.constantFrom('', '! '), fc.constantFrom('-s', '-d'), cidr)
        .map(([n, o, a]) => `${n}${o} ${a}`),
      fc.constantFrom('-p tcp', '-p udp', '-p icmp', '-p TCP'),
      fc
        .tuple(
          fc.constantFrom('', '! '),
          fc.constantFrom('-i', '-o'),
          fc.stringMatching(/^[a-z0-9.+@:_-]{0,17}$/),
        )
        .map(([n, o, name]) => `${n}${o} ${name}`),
      comment.map((c) => `-m comment --comment ${c}`),
      fc
        .tuple(fc.constantFrom('tcp', 'udp'), fc.option(port))
        .map(([m, p]) => (p === null ? `-m ${m}` : `-m ${m} --dport ${p}`)),
      fc.constantFrom(
        '-m statistic --mode random --probability 0.50000000000',
        '-m statistic --mode random --probability 0.5',
      ),
    );
    const target = fc.oneof(
      fc.constantFrom('-j ACCEPT', '-j KUBE-MARK-MASQ', '-j RETURN', '-j MASQUERADE'),
      fc
        .tuple(ip, fc.option(port))
        .map(([a, p]) =>
          p === null ? `-j DNAT --to-destination ${a}` : `-j DNAT --to-destination ${a}:${p}`,
        ),
      fc.constant('-j REJECT --reject-with icmp-port-unreachable'),
    );
    const line = fc
      .tuple(
        fc.constantFrom('KUBE-SEP-X', 'PREROUTING', 'POSTROUTING', 'INPUT'),
        fc.array(word, { maxLength: 5 }),
        target,
      )
      .map(([chain, words, t]) => [`-A ${chain}`, ...words, t].join(' '));
    fc.assert(
      fc.property(fc.constantFrom<TableName>('nat', 'filter'), line, (table, l) => {
        if (table === 'filter' && /^-A (PREROUTING|POSTROUTING)/.test(l)) return;
        expectSound(table, l);
      }),
      { numRuns: 400 },
    );
  });
});
