/**
 * Prints a ruleset as `iptables -L -n -v` does, table by table, with iptables' own column widths:
 * a header per chain (policy and counters for built-in chains, the number of rules that jump or
 * go to it for user chains), the column titles, one row per rule, and a blank line between
 * chains. The trailing column is each module's `list()` text, as the extensions print it.
 */
import { formatCidrList } from './address.ts';
import type { Chain, Family, Match, Negatable, Rule, Ruleset, Table, Target } from './model.ts';
import { protocolNumber } from './protocols.ts';
import { countCell, countInline } from './list-numbers.ts';
import { listingOrder } from './s-printer.ts';
import { registry } from '../modules/registry.ts';
import type { Cidr } from './model.ts';

export interface ListPrintOptions {
  /** `-x`: exact counters instead of K/M/G rounding */
  exact?: boolean;
  /** `--line-numbers`: a `num` column */
  lineNumbers?: boolean;
  /** `-v` (the default): counters and the in/out columns; false prints plain `-L -n` */
  verbose?: boolean;
  /** a `# iptables -t TABLE -L -n -v` line before each table, so the text says which table it is */
  headings?: boolean;
}

/** How many rules of the table jump or go to each chain: the `(N references)` of a header. */
export function referenceCounts(table: Table): Map<string, number> {
  const refs = new Map<string, number>();
  for (const c of table.chains)
    for (const r of c.rules) {
      const t = r.target;
      if (t && (t.kind === 'jump' || t.kind === 'goto'))
        refs.set(t.name, (refs.get(t.name) ?? 0) + 1);
    }
  return refs;
}

/** Targets iptables lists under the extension that implements them (NOTRACK is `CT --notrack`). */
const LISTED_AS: Readonly<Record<string, string>> = { NOTRACK: 'CT' };

function pad(s: string, width: number): string {
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

function columnTitles(o: Required<Omit<ListPrintOptions, 'headings'>>): string {
  let s = o.lineNumbers ? 'num  ' : '';
  if (o.verbose) s += o.exact ? '    pkts      bytes ' : ' pkts bytes ';
  s += 'target     prot opt';
  if (o.verbose) s += ' in     out    ';
  return `${s} source               destination         `;
}

function chainHeader(
  c: Chain,
  refs: number,
  o: Required<Omit<ListPrintOptions, 'headings'>>,
): string {
  if (!c.builtin) return `Chain ${c.name} (${refs} references)`;
  const policy = c.policy ?? 'ACCEPT';
  if (!o.verbose) return `Chain ${c.name} (policy ${policy})`;
  const cnt = c.counters ?? { packets: 0, bytes: 0 };
  return `Chain ${c.name} (policy ${policy} ${countInline(cnt.packets, o.exact)} packets, ${countInline(cnt.bytes, o.exact)} bytes)`;
}

function address(v: Negatable<Cidr> | undefined, family: Family): string {
  const any = family === 'ipv6' ? '::/0' : '0.0.0.0/0';
  return `${v?.negated ? '!' : ' '}${pad(v ? formatCidrList(v.value) : any, 19)} `;
}

function iface(v: Negatable<string> | undefined): string {
  return `${v?.negated ? '!' : ''}${v?.value ?? '*'}`;
}

/** The text a match shows in the trailing column; modules the registry lacks show their words. */
export function matchListText(m: Match): string {
  const mod = m.unknown ? undefined : registry.matches.get(m.module);
  if (mod) return mod.list(m.data);
  const raw = (m.data as { raw?: string[] } | null)?.raw ?? [];
  return [m.module, ...raw].join(' ');
}

export function targetListText(t: Target): string {
  if (t.kind !== 'extension') return '';
  const mod = t.unknown ? undefined : registry.targets.get(t.name);
  if (mod) return mod.list(t.data);
  return ((t.data as { raw?: string[] } | null)?.raw ?? []).join(' ');
}

export function listRow(
  rule: Rule,
  family: Family,
  o: Required<Omit<ListPrintOptions, 'headings'>>,
): string {
  let s = o.lineNumbers ? `${pad(String(rule.index), 4)} ` : '';
  if (o.verbose) {
    const cnt = rule.counters ?? { packets: 0, bytes: 0 };
    s += countCell(cnt.packets, o.exact) + countCell(cnt.bytes, o.exact);
  }
  const name = rule.target ? (LISTED_AS[rule.target.name] ?? rule.target.name) : '';
  s += `${pad(name, 9)} `;
  const proto = rule.core.protocol;
  s += `${proto?.negated ? '!' : ' '}${pad(String(proto ? (protocolNumber(proto.value) ?? proto.value) : 0), 5)}`;
  const frag = rule.core.fragment;
  s += `${frag?.negated ? '!' : '-'}${frag ? 'f' : '-'} `;
  if (o.verbose)
    s += ` ${pad(iface(rule.core.inInterface), 6)} ${pad(iface(rule.core.outInterface), 6)} `;
  s += address(rule.core.source, family) + address(rule.core.destination, family);
  if (rule.target?.kind === 'goto') s += '[goto] ';
  for (const m of rule.matches) {
    const text = matchListText(m);
    if (text) s += ` ${text}`;
  }
  const tt = rule.target ? targetListText(rule.target) : '';
  if (tt) s += ` ${tt}`;
  if (rule.lossy) s += ` ${rule.lossy}`;
  return s;
}

export function printTableList(table: Table, family: Family, opts: ListPrintOptions = {}): string {
  const o = {
    exact: opts.exact ?? false,
    lineNumbers: opts.lineNumbers ?? false,
    verbose: opts.verbose ?? true,
  };
  const refs = referenceCounts(table);
  const titles = columnTitles(o);
  const blocks = listingOrder(table).map((c) => {
    const lines = [chainHeader(c, refs.get(c.name) ?? 0, o), titles];
    for (const r of c.rules) lines.push(listRow(r, family, o));
    return `${lines.join('\n')}\n`;
  });
  return blocks.join('\n');
}

export function printList(ruleset: Ruleset, opts: ListPrintOptions = {}): string {
  let out = '';
  for (const t of ruleset.tables) {
    if (opts.headings)
      out += `# iptables -t ${t.name} -L -n${opts.verbose === false ? '' : ' -v'}${opts.exact ? ' -x' : ''}${opts.lineNumbers ? ' --line-numbers' : ''}\n`;
    out += printTableList(t, ruleset.family, opts);
  }
  return out;
}
