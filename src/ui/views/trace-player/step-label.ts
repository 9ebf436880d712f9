/**
 * One readable line per trace step for the player's list: where it happened ("nat PREROUTING ·
 * KUBE-SERVICES #3") and what happened ("matched → KUBE-SVC-…"), with a tone for colour.
 */
import type { FailedPart, TraceResult, TraceStep } from '../../../engine/netfilter/trace.ts';
import {
  formatRewriteValue,
  REWRITE_FIELD_NAMES,
} from '../../../engine/netfilter/rewrite-format.ts';
import { addrPort, hex } from '../shared/format.ts';
import type { Lang } from '../shared/lang.ts';
import { strings } from './strings.ts';

export type Tone = 'hook' | 'table' | 'muted' | 'match' | 'ok' | 'bad' | 'nat' | 'info';

export interface StepLabel {
  where: string;
  what: string;
  tone: Tone;
  /** the step is nested this deep (0 hook, 1 table or routing, 2 chains and rules) */
  depth: number;
}

/** `where` without the table and hook, for rows that sit under their table's line. */
export function shortWhere(l: StepLabel): string {
  if (l.depth < 2) return l.where;
  const i = l.where.indexOf(' · ');
  return i < 0 ? l.where : l.where.slice(i + 3);
}

export function failedText(f: FailedPart): string {
  return f.part === 'core' ? f.option : `-m ${f.module}`;
}

function at(table: string, hook: string, chain?: string, rule?: number | null): string {
  const head = `${table} ${hook}`;
  if (chain === undefined) return head;
  return `${head} · ${chain}${rule !== null && rule !== undefined ? ` #${rule}` : ''}`;
}

type Words = (typeof strings)[Lang];

/** The steps that happen in a chain, at a rule or at the chain's end: their line sits under the chain's table. */
type ChainStep = Exclude<
  TraceStep,
  { kind: 'hook-enter' | 'table-enter' | 'table-skip' | 'rewrite' | 'conntrack' | 'route' }
>;

function ruleWhat(
  s: Extract<TraceStep, { kind: 'rule' }>,
  t: Words,
): Omit<StepLabel, 'where' | 'depth'> {
  if (!s.matched)
    return {
      what: `${t.noMatch}${s.failed ? ` ${t.failedAt(failedText(s.failed))}` : ''}`,
      tone: 'muted',
    };
  return {
    what: s.target ? `${t.matched} → ${s.target}` : `${t.matched}, ${t.countsOnly}`,
    tone: 'match',
  };
}

function natWhat(s: Extract<TraceStep, { kind: 'nat' }>, t: Words): string {
  const change = `${s.type} ${addrPort(s.before.addr, s.before.port)} → ${addrPort(s.after.addr, s.after.port)}`;
  const notes = [s.fromConntrack ? t.natFromCt : null, s.reply ? t.natReply : null].filter(Boolean);
  return notes.length ? `${change} (${notes.join(', ')})` : change;
}

/** What happened at a chain step, and its tone. */
function chainWhat(s: ChainStep, t: Words): Omit<StepLabel, 'where' | 'depth'> {
  switch (s.kind) {
    case 'rule':
      return ruleWhat(s, t);
    case 'skip':
      return { what: t.skippedRules(s.from, s.to, s.count, s.packet.dst), tone: 'muted' };
    case 'jump':
    case 'goto':
      return { what: s.kind === 'jump' ? t.jumpTo(s.target) : t.gotoTo(s.target), tone: 'info' };
    case 'return':
      return { what: s.rule === null ? t.fellOff(s.to) : t.returnTo(s.to), tone: 'info' };
    case 'policy':
      return { what: t.policy(s.verdict), tone: s.verdict === 'ACCEPT' ? 'ok' : 'bad' };
    case 'verdict':
      return {
        what: `${t.verdict(s.target, s.verdict)}${s.rejectWith ? ` (${s.rejectWith})` : ''}`,
        tone: s.verdict === 'ACCEPT' ? 'ok' : 'bad',
      };
    case 'nat':
      return { what: natWhat(s, t), tone: 'nat' };
    case 'mark':
      return { what: t.markSet(s.what, hex(s.from), hex(s.to)), tone: 'nat' };
    case 'unknown-module':
      return { what: t.unknownModule(s.role, s.module, s.assumed), tone: 'bad' };
    case 'random':
      return { what: t.random(s.matched, formatP(s.probability)), tone: 'info' };
    case 'recent':
      return { what: t.recent(s.command, s.list, s.address, s.found), tone: 'info' };
    case 'target':
      return { what: `${s.target}: ${s.note}`, tone: 'info' };
    case 'jump-loop':
    case 'jump-depth':
      return { what: `${s.kind === 'jump-loop' ? t.loop : t.depth}: ${s.note}`, tone: 'bad' };
  }
}

function routeLabel(s: Extract<TraceStep, { kind: 'route' }>, t: Words): StepLabel {
  const parts = [t.route[s.decision]];
  if (s.outInterface) parts.push(`${t.outIface} ${s.outInterface}`);
  if (s.via) parts.push(`via ${s.via}`);
  const bad =
    s.decision === 'unreachable' || s.decision === 'martian' || s.decision === 'no-forwarding';
  return { where: t.routing, what: parts.join(' · '), tone: bad ? 'bad' : 'table', depth: 1 };
}

export function stepLabel(s: TraceStep, lang: Lang): StepLabel {
  const t = strings[lang];
  switch (s.kind) {
    case 'hook-enter': {
      const ifs = [
        s.in !== null ? `${t.inIface} ${s.in}${s.physIn ? ` (${s.physIn})` : ''}` : null,
        s.out !== null ? `${t.outIface} ${s.out}${s.physOut ? ` (${s.physOut})` : ''}` : null,
      ].filter(Boolean);
      const what = [t.enters, ...ifs, s.loopback ? t.loopback : null].filter(Boolean).join(' · ');
      return { where: s.hook, what, tone: 'hook', depth: 0 };
    }
    case 'table-enter':
      return {
        where: at(s.table, s.hook, s.chain),
        what: t.priority(s.priority),
        tone: 'table',
        depth: 1,
      };
    case 'table-skip':
      return { where: at(s.table, s.hook), what: t.skipped[s.reason], tone: 'muted', depth: 1 };
    case 'rewrite':
      return {
        where: s.table ? at(s.table, s.hook, s.chain, s.rule) : s.hook,
        what: t.rewrite(
          REWRITE_FIELD_NAMES[s.field],
          formatRewriteValue(s.field, s.from),
          formatRewriteValue(s.field, s.to),
          s.target ?? null,
        ),
        tone: 'nat',
        depth: s.table ? 2 : 1,
      };
    case 'conntrack':
      return {
        where: s.hook,
        what: `${t.conntrack(s.op, s.state)}${s.note ? ` — ${s.note}` : ''}`,
        tone: 'muted',
        depth: 1,
      };
    case 'route':
      return routeLabel(s, t);
    default: {
      const rule = 'rule' in s ? s.rule : undefined;
      return { where: at(s.table, s.hook, s.chain, rule), ...chainWhat(s, t), depth: 2 };
    }
  }
}

/** A probability as a short decimal (0.25, 0.3333). */
export function formatP(p: number): string {
  return String(Math.round(p * 10000) / 10000);
}

/** The result line: verdict, fate, out interface and the final addresses. */
export function resultLabel(r: TraceResult, lang: Lang): string {
  const t = strings[lang];
  const p = r.packet;
  const parts = [
    t.fate[r.fate],
    r.outInterface ? t.via(r.outInterface) : null,
    `${p.proto} ${addrPort(p.src, p.sport)} → ${addrPort(p.dst, p.dport)}`,
    r.reason ?? null,
  ].filter(Boolean);
  return parts.join(' · ');
}
