/**
 * A seeded generator of iptables rule lines for differential and property tests: rules that use
 * every module of the registry with values iptables takes, and near-misses of them (a misspelt or
 * shortened option, a port out of range, `!` in another place, another case, a number written
 * another way, odd spacing, quotes, an unknown module).
 */
import { mulberry32 } from '../../mulberry32.ts';
import { registry } from '../registry.ts';
import type { AnyModule, ModuleNeeds, OptionSpec } from '../types.ts';
import { MODULE_NEEDS, OPTION_VALUES } from './option-values.ts';
import { NEAR_MISSES } from './near-misses.ts';

/** Random numbers in [0, 1). */
export interface Rand {
  next(): number;
}

/** A small seeded generator (mulberry32): the same seed gives the same rules everywhere. */
export function seededRand(seed: number): Rand {
  const u32 = mulberry32(seed);
  return { next: () => u32() / 4294967296 };
}

export const TABLE_CHAINS: Readonly<Record<string, readonly string[]>> = {
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  raw: ['PREROUTING', 'OUTPUT'],
};

/** The user chain every generated table declares and rules may jump to; it holds no rules. */
export const USER_CHAIN = 'NLK';
/** The user chain some generated rules are in; nothing jumps to it. */
export const RULES_USER_CHAIN = 'NLK-IN';

export interface SampleRule {
  table: string;
  chain: string;
  /** the words after `-A CHAIN`, joined as the line writes them */
  body: string;
  /** which near-miss was made of a valid-looking rule, if any */
  mutation?: string;
}

const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r.next() * list.length)]!;
const chance = (r: Rand, p: number): boolean => r.next() < p;

const CIDRS = ['10.0.0.1', '10.0.0.0/8', '192.168.1.0/24', '172.16.0.0/255.255.0.0', '1.2.3.4/32'];
const IFACES = ['eth0', 'veth+', 'lo', 'cni0', 'br-1a2b'];
const PROTOCOLS = ['tcp', 'udp', 'icmp', 'all', 'sctp', 'esp', 'gre'];

/** The words of one module's options: a few of its options, then those it always needs. */
function moduleOptions(r: Rand, mod: AnyModule): string[] {
  const out: string[] = [];
  const chosen = new Set<string>();
  const n = mod.options.length === 0 ? 0 : Math.floor(r.next() * 3);
  for (let k = 0; k < n; k++) {
    const spec = pick(r, mod.options);
    if (chosen.has(spec.name)) continue;
    chosen.add(spec.name);
    out.push(...optionWords(r, mod, spec));
  }
  for (const words of needsOf(mod).always ?? [])
    if (!chosen.has(words[0]!.slice(2))) out.push(...words);
  return out;
}

/** A module's own samples first, so that a new module needs no line in option-values.ts. */
function needsOf(mod: AnyModule): ModuleNeeds {
  return mod.samples?.needs ?? MODULE_NEEDS[mod.name] ?? {};
}

function optionWords(r: Rand, mod: AnyModule, spec: OptionSpec): string[] {
  const out: string[] = [];
  if (spec.negatable && chance(r, 0.15)) out.push('!');
  const alias = spec.aliases && chance(r, 0.1) ? pick(r, spec.aliases) : spec.name;
  out.push(`--${alias}`);
  if (spec.args === 0) return out;
  const pool = mod.samples?.values?.[spec.name] ?? OPTION_VALUES[`${mod.name}.${spec.name}`];
  const value = pool ? pick(r, pool) : pick(r, ['1', 'x', '0x1', '10/sec', '2 3']);
  if (spec.args === 2) out.push(...value.split(' ').concat('1').slice(0, 2));
  else out.push(value);
  return out;
}

function targetWords(r: Rand): { words: string[]; module?: AnyModule } {
  if (chance(r, 0.4)) {
    const which = pick(r, ['ACCEPT', 'DROP', 'RETURN', 'NLK', 'goto', 'none']);
    if (which === 'none') return { words: [] };
    if (which === 'goto') return { words: ['-g', USER_CHAIN] };
    return { words: ['-j', which] };
  }
  const mod = pick(r, [...registry.targets.values()]);
  return { words: ['-j', mod.name, ...moduleOptions(r, mod)], module: mod };
}

/** One rule that iptables most likely loads as written (before any near-miss is made of it). */
function plainRule(r: Rand): SampleRule & { words: string[] } {
  const target = targetWords(r);
  const matches = [...registry.matches.values()];
  const mods: AnyModule[] = [];
  for (let k = Math.floor(r.next() * 3); k > 0; k--) mods.push(pick(r, matches));
  const needs = [...mods, ...(target.module ? [target.module] : [])].map(needsOf);
  const tables = needs.find((n) => n.tables)?.tables;
  const table = tables && chance(r, 0.9) ? pick(r, tables) : pick(r, Object.keys(TABLE_CHAINS));
  const builtin = TABLE_CHAINS[table]!;
  const wanted = needs.find((n) => n.chains)?.chains?.filter((c) => builtin.includes(c));
  const chain = chance(r, 0.1)
    ? RULES_USER_CHAIN
    : wanted?.length && chance(r, 0.9)
      ? pick(r, wanted)
      : pick(r, builtin);
  const words: string[] = [];
  const core = (flag: string, values: readonly string[]): void => {
    if (chance(r, 0.15)) words.push('!');
    words.push(flag, pick(r, values));
  };
  if (chance(r, 0.3)) core('-s', CIDRS);
  if (chance(r, 0.2)) core('-d', CIDRS);
  if (chance(r, 0.15)) core('-i', IFACES);
  if (chance(r, 0.15)) core('-o', IFACES);
  const protocols = needs.find((n) => n.protocol)?.protocol;
  if (protocols && chance(r, 0.9)) words.push('-p', pick(r, protocols));
  else if (chance(r, 0.3)) core('-p', PROTOCOLS);
  if (chance(r, 0.04)) words.push(...(chance(r, 0.2) ? ['!', '-f'] : ['-f']));
  for (const n of needs) if (n.before) words.push(...n.before);
  for (const m of mods) words.push('-m', m.name, ...moduleOptions(r, m));
  words.push(...target.words);
  return { table, chain, body: '', words };
}

const SPACINGS = ['  ', '\t', ' \t '];

/** One rule: about half as written, half with one near-miss made of it. */
export function sampleRule(r: Rand): SampleRule {
  const plain = plainRule(r);
  let words = plain.words;
  let mutation: string | undefined;
  if (chance(r, 0.5)) {
    const name = pick(r, [...Object.keys(NEAR_MISSES), 'odd spacing']);
    const changed = name === 'odd spacing' ? words : NEAR_MISSES[name]!(words, r);
    if (changed) {
      words = changed;
      mutation = name;
    }
  }
  const gap = mutation === 'odd spacing' ? pick(r, SPACINGS) : ' ';
  let body = words.join(gap);
  if (mutation === 'odd spacing' && chance(r, 0.5)) body += ' ';
  const rule: SampleRule = { table: plain.table, chain: plain.chain, body };
  if (mutation) rule.mutation = mutation;
  return rule;
}

/** `count` rules from a seed: the same seed gives the same rules. */
export function sampleRules(seed: number, count: number): SampleRule[] {
  const r = seededRand(seed);
  return Array.from({ length: count }, () => sampleRule(r));
}
