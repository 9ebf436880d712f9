/**
 * "Which rules can match address X / port Y?": for one rule, whether a packet with X:Y as its
 * source or as its destination could pass the rule's
 * address and port criteria: -s/-d, -m iprange, --sport/--dport of tcp/udp/sctp, -m multiport.
 * Other matches (state, marks, interfaces …) are not weighed: the answer is "can", not "will".
 */
import type { Cidr, Negatable, Rule } from './model.ts';
import { parseIPv4 } from './address.ts';

export interface ReachProbe {
  /** an IPv4 address as a 32-bit number */
  address?: number;
  port?: number;
  /** lower-case protocol name; a rule with another -p cannot match */
  proto?: string;
}

/**
 * names: the rule names X or Y in a criterion that holds (`-d X/32`, `--dport Y`);
 * open: nothing in the rule speaks against it (no criterion, or only negated ones that hold);
 * excludes: a criterion rules it out.
 */
export type Reach = 'names' | 'open' | 'excludes';

interface PortRange {
  from: number;
  to: number;
}

/** A test that holds or not, and whether it is a positive one (which "names" the value). */
interface Test {
  holds: boolean;
  positive: boolean;
}

function cidrHolds(c: Cidr, addr: number): boolean | undefined {
  if (c.family !== 'ipv4') return undefined;
  const net = parseIPv4(c.address);
  if (net === undefined) return undefined;
  const mask =
    c.mask !== undefined
      ? parseIPv4(c.mask)
      : c.prefix === 0
        ? 0
        : (0xffffffff << (32 - c.prefix)) >>> 0;
  if (mask === undefined) return undefined;
  return (addr & mask) >>> 0 === (net & mask) >>> 0;
}

function negatable<T>(n: Negatable<T>, holds: (v: T) => boolean | undefined): Test | null {
  const h = holds(n.value);
  if (h === undefined) return null;
  return { holds: n.negated ? !h : h, positive: !n.negated };
}

function combine(tests: readonly (Test | null)[]): Reach {
  let names = false;
  for (const t of tests) {
    if (!t) continue;
    if (!t.holds) return 'excludes';
    if (t.positive) names = true;
  }
  return names ? 'names' : 'open';
}

function best(a: Reach, b: Reach): Reach {
  if (a === 'names' || b === 'names') return 'names';
  return a === 'open' || b === 'open' ? 'open' : 'excludes';
}

function matchData<T>(rule: Rule, module: string): T[] {
  const out: T[] = [];
  for (const m of rule.matches) if (m.module === module && !m.unknown) out.push(m.data as T);
  return out;
}

function addressTests(rule: Rule, addr: number, role: 'src' | 'dst'): Test[] {
  const tests: (Test | null)[] = [];
  const core = role === 'src' ? rule.core.source : rule.core.destination;
  if (core) tests.push(negatable(core, (c) => cidrHolds(c, addr)));
  for (const d of matchData<
    Partial<Record<'src' | 'dst', Negatable<{ from: string; to: string }>>>
  >(rule, 'iprange')) {
    const r = d[role];
    if (!r) continue;
    tests.push(
      negatable(r, ({ from, to }) => {
        const lo = parseIPv4(from);
        const hi = parseIPv4(to);
        return lo === undefined || hi === undefined ? undefined : addr >= lo && addr <= hi;
      }),
    );
  }
  return tests.filter((t): t is Test => t !== null);
}

const inRange = (port: number) => (r: PortRange) => port >= r.from && port <= r.to;

function portTests(rule: Rule, port: number, role: 'sport' | 'dport'): Test[] {
  const tests: Test[] = [];
  for (const module of ['tcp', 'udp', 'sctp', 'udplite', 'dccp'])
    for (const d of matchData<Partial<Record<'sport' | 'dport', Negatable<PortRange>>>>(
      rule,
      module,
    )) {
      const r = d[role];
      if (r) tests.push({ holds: r.negated !== inRange(port)(r.value), positive: !r.negated });
    }
  const dir = role === 'sport' ? 'sports' : 'dports';
  for (const d of matchData<{ direction: string; ports: PortRange[]; negated: boolean }>(
    rule,
    'multiport',
  )) {
    if (d.direction !== dir && d.direction !== 'ports') continue;
    const any = d.ports.some(inRange(port));
    tests.push({ holds: d.negated !== any, positive: !d.negated });
  }
  return tests;
}

/**
 * Whether the rule can match a packet carrying the probe's address and port on one side: as
 * source address and port, or as destination address and port.
 */
export function ruleReach(rule: Rule, probe: ReachProbe): Reach {
  if (probe.proto !== undefined && rule.core.protocol) {
    const p = rule.core.protocol;
    const same = p.value === probe.proto || p.value === 'all';
    if (p.negated === same) return 'excludes';
  }
  const side = (addr: 'src' | 'dst', port: 'sport' | 'dport'): Reach =>
    combine([
      ...(probe.address === undefined ? [] : addressTests(rule, probe.address, addr)),
      ...(probe.port === undefined ? [] : portTests(rule, probe.port, port)),
    ]);
  return best(side('src', 'sport'), side('dst', 'dport'));
}
