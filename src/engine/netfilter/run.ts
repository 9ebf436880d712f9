/**
 * One packet's run through the hooks: the evaluation context the matchers and targets see,
 * the hook runner (tables and conntrack in priority order), and the trace it records. The
 * conntrack table, rule counters and random source are shared by every packet of a simulation.
 */
import type { Rule } from '../rules/index.ts';
import { UNTRACKED, entryView, type ConntrackTable, type CtAttachment } from './conntrack.ts';
import { hookStages, natManipOf, type Hook } from './hooks.ts';
import { isBroadcastAddress, type Backend, type Host } from './host.ts';
import { addressType } from './host-queries.ts';
import { testSet, type SetAnswer, type SetQuery } from './ipset-lookup.ts';
import { formatAddr, type Addr } from './ipv4.ts';
import { matchEvaluators, targetEvaluators } from './matchers/index.ts';
import type { NatRequest, TargetContext, TargetResult } from '../modules/evaluate.ts';
import { setupNat, translateFromEntry, type NatChange } from './nat.ts';
import { viewOf, type PacketState, type PacketView } from './packet.ts';
import { toNumber } from './exact.ts';
import { branchProbability, type Chooser } from './random.ts';
import type { RecentAnswer, RecentLists, RecentQuery } from './recent-lists.ts';
import { lookupRoute, primaryAddress, sourceAddressFor, type RouteResult } from './routing.ts';
import type { IndexMode } from './chain-index.ts';
import {
  baseChain,
  chainIndexOf,
  compiledRulesOf,
  textOf,
  type RulesetIndex,
  type TableIndex,
} from './ruleset-index.ts';
import { readField, writeField } from './rewrite-fields.ts';
import { rewriteField, setConnmark, setMark } from './run-rewrite.ts';
import type { RewriteField, TraceStep } from './trace.ts';
import { randomStep, recentStep, targetStep } from './rule-steps.ts';
import { walkChain, type RecordLevel, type WalkEnv, type WalkOutcome } from './traverse.ts';

export interface RunOptions {
  backend: Backend;
  assumeUnknown: 'match' | 'nomatch';
  level: RecordLevel;
  maxDepth: number;
  /** which chains get a destination index (chain-index.ts) */
  index: IndexMode;
  /** rules tested on their compiled form (compiled-rule.ts) or on the reference path */
  evaluate: EvaluatePath;
}

export type EvaluatePath = 'compiled' | 'reference';

/** State that lives across the packets of one simulation. */
export interface SharedState {
  conntrack: ConntrackTable;
  /** evaluations so far per rule match (statistic nth, limit) */
  counters: Map<string, number>;
  chooser: Chooser;
  /** the `-m recent` lists */
  recent: RecentLists;
}

/** The interfaces a hook sees. */
export interface HookIo {
  in: string | null;
  out: string | null;
  physIn?: string | null;
  physOut?: string | null;
  viaBridge?: boolean;
  bridged?: boolean;
  loopback?: boolean;
}

const ACCEPT: WalkOutcome = { verdict: 'ACCEPT' };

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class PacketRun implements TargetContext {
  hook: Hook = 'PREROUTING';
  table = '';
  inIface: string | null = null;
  outIface: string | null = null;
  physIn: string | null = null;
  physOut: string | null = null;
  viaBridge = false;
  bridged = false;
  ct: CtAttachment | null = null;
  target = '';
  /** the current routing decision (MASQUERADE needs its next hop; OUTPUT may re-route) */
  route: RouteResult | null = null;
  readonly steps: TraceStep[] = [];
  readonly dependsOn = new Set<string>();
  /** the rule being evaluated (read by run-rewrite.ts's steps) */
  rule: Rule | null = null;
  private matchIndex = 0;
  private cachedView: PacketView | null = null;
  private env: Mutable<WalkEnv> | null = null;

  constructor(
    readonly idx: RulesetIndex,
    readonly host: Host,
    readonly shared: SharedState,
    readonly opts: RunOptions,
    readonly packet: PacketState,
  ) {}

  get recording(): boolean {
    return this.opts.level !== 'none';
  }

  view(): PacketView {
    return (this.cachedView ??= viewOf(this.packet));
  }

  changed(): void {
    this.cachedView = null;
  }

  record(step: TraceStep): void {
    if (this.recording) this.steps.push(step);
  }

  // ---- the evaluation context -------------------------------------------------------------

  chance(threshold: number): boolean {
    const taken = this.shared.chooser.chance(threshold);
    const rule = this.recording ? this.rule : null;
    if (rule) {
      const probability = toNumber(branchProbability(threshold, taken));
      this.record(randomStep(this.hook, rule, taken, threshold, probability, this.view()));
    }
    return taken;
  }

  count(): number {
    const key = `${this.rule?.id ?? ''}#${this.matchIndex}`;
    const n = this.shared.counters.get(key) ?? 0;
    this.shared.counters.set(key, n + 1);
    return n;
  }

  recent(q: RecentQuery): RecentAnswer {
    const answer = this.shared.recent.apply(q);
    const rule = this.recording ? this.rule : null;
    if (rule) {
      const asked = { list: q.name, command: q.command, address: formatAddr(q.address) };
      const { found, matched } = answer;
      this.record(recentStep(this.hook, rule, asked, found, matched, this.view()));
    }
    return answer;
  }

  addressType(addr: Addr, iface?: string): string {
    return addressType(this.host, addr, iface);
  }

  isBroadcast(addr: Addr): boolean {
    return isBroadcastAddress(this.host, addr);
  }

  routeTo(addr: Addr): RouteResult {
    return lookupRoute(this.host, addr);
  }

  testIpSet(name: string, q: SetQuery): SetAnswer | undefined {
    return testSet(this.host, name, q, this)?.answer;
  }

  setMark(value: number, mask: number): void {
    setMark(this, value, mask);
  }

  setConnmark(value: number, mask: number): void {
    setConnmark(this, value, mask);
  }

  rewrite(field: RewriteField, value: number): void {
    rewriteField(this, field, value);
  }

  /** The kernel's own change of a field on the way (a forwarded packet's TTL). */
  kernelRewrite(hook: Hook, field: RewriteField, value: number, note: string): void {
    const from = readField(this.packet, field);
    if (from === value) return;
    writeField(this.packet, field, value);
    this.changed();
    this.record({ kind: 'rewrite', hook, field, from, to: value, note, packet: this.view() });
  }

  notrack(): void {
    // only raw runs before conntrack; later the packet already has its entry
    if (!this.ct) this.ct = UNTRACKED;
    this.note('the packet will not be tracked (UNTRACKED): conntrack and nat leave it alone');
  }

  note(text: string): void {
    const rule = this.recording ? this.rule : null;
    if (rule) this.record(targetStep(this.hook, rule, this.target, text, this.view()));
  }

  nat(req: NatRequest): TargetResult {
    const entry = this.ct?.entry;
    const manip = natManipOf(this.hook);
    if (!entry || this.ct?.state !== 'NEW') return { flow: 'verdict', verdict: 'ACCEPT' };
    if (manip !== req.type)
      return { flow: 'unknown', reason: `${req.type} cannot act at ${this.hook}` };
    let ip: Addr | null;
    if (req.mode === 'map')
      ip = req.minIp ?? (req.type === 'DNAT' ? this.packet.dst : this.packet.src);
    else if (req.mode === 'masquerade') {
      // the address of the interface the packet leaves by, toward the next hop
      const r = this.route;
      const nexthop = r && r.kind === 'unicast' ? (r.via ?? this.packet.dst) : this.packet.dst;
      ip = this.outIface ? sourceAddressFor(this.host, this.outIface, nexthop) : null;
    } else if (this.hook === 'OUTPUT') ip = typeof this.packet.dst === 'number' ? 0x7f000001 : 1n;
    else {
      // REDIRECT: the first address of the packet's family on the interface it came in by
      ip = primaryAddress(this.host, this.inIface ?? '', this.packet.dst) ?? null;
    }
    if (ip === null) {
      this.note(
        `${this.target}: no address to map to on ${req.mode === 'masquerade' ? this.outIface : this.inIface}; the packet is dropped`,
      );
      return { flow: 'verdict', verdict: 'DROP' };
    }
    if (
      !setupNat(this.shared.conntrack, entry, {
        type: req.type,
        ip,
        minPort: req.minPort,
        maxPort: req.maxPort,
      })
    ) {
      this.note(`${this.target}: no free tuple in the range; the packet is dropped`);
      return { flow: 'verdict', verdict: 'DROP' };
    }
    if (req.type === 'DNAT') entry.dnatDone = true;
    else entry.snatDone = true;
    const change = translateFromEntry(entry, 'original', req.type, this.packet);
    this.recordNat(change, false, true);
    return { flow: 'verdict', verdict: 'ACCEPT' };
  }

  private recordNat(change: NatChange | null, fromConntrack: boolean, byRule: boolean): void {
    if (!change) return;
    this.changed();
    if (!this.recording) return;
    const step: TraceStep = {
      kind: 'nat',
      hook: this.hook,
      table: 'nat',
      type: change.type,
      fromConntrack,
      reply: this.ct?.dir === 'reply',
      before: change.before,
      after: change.after,
      packet: this.view(),
    };
    const rule = byRule ? this.rule : null;
    if (rule) {
      step.target = this.target;
      step.chain = rule.chain;
      step.rule = rule.index;
      step.ruleText = textOf(rule);
    }
    this.record(step);
  }

  // ---- hooks ------------------------------------------------------------------------------

  private setIo(hook: Hook, io: HookIo): void {
    this.hook = hook;
    this.inIface = io.in;
    this.outIface = io.out;
    this.physIn = io.physIn ?? null;
    this.physOut = io.physOut ?? null;
    this.viaBridge = io.viaBridge ?? false;
    this.bridged = io.bridged ?? false;
  }

  /** Runs everything registered at a hook; stops at the first DROP or REJECT. */
  runHook(hook: Hook, io: HookIo): WalkOutcome {
    this.setIo(hook, io);
    if (this.recording) {
      const step: TraceStep = {
        kind: 'hook-enter',
        hook,
        in: io.in,
        out: io.out,
        packet: this.view(),
      };
      if (io.viaBridge) {
        step.physIn = io.physIn ?? null;
        step.physOut = io.physOut ?? null;
      }
      if (io.loopback) step.loopback = true;
      this.record(step);
    }
    const active = this.idx.conntrackActive;
    for (const stage of hookStages(hook, this.opts.backend)) {
      if (stage.kind === 'conntrack') {
        if (active) this.conntrackIn();
        continue;
      }
      if (stage.kind === 'confirm') {
        if (active && !this.confirm()) return { verdict: 'DROP' };
        continue;
      }
      const chain = baseChain(this.idx, stage.table, hook, this.opts.backend);
      if (!chain) continue;
      const dstBefore = this.packet.dst;
      let out: WalkOutcome;
      if (stage.table === 'nat') {
        if (!active) continue;
        out = this.natStage(hook, chain, stage.priority);
      } else out = this.walkTable(stage.table, chain, stage.priority);
      if (out.verdict !== 'ACCEPT') return out;
      if (hook === 'OUTPUT' && this.packet.dst !== dstBefore) this.reroute();
    }
    return ACCEPT;
  }

  private walkTable(
    table: string,
    chain: Parameters<typeof walkChain>[0],
    priority: number,
  ): WalkOutcome {
    this.table = table;
    if (this.recording)
      this.record({
        kind: 'table-enter',
        hook: this.hook,
        table,
        chain: chain.name,
        priority,
        packet: this.view(),
      });
    const env = this.walkEnv(this.idx.tables.get(table)!);
    const out = walkChain(chain, env);
    this.rule = null;
    return out;
  }

  /** One walk environment per packet, pointed at each table in turn. */
  private walkEnv(table: TableIndex): WalkEnv {
    if (this.env) {
      this.env.hook = this.hook;
      this.env.table = table;
      return this.env;
    }
    const env: Mutable<WalkEnv> = {
      hook: this.hook,
      table,
      ctx: this,
      matchers: matchEvaluators,
      targets: targetEvaluators,
      maxDepth: this.opts.maxDepth,
      assumeUnknown: this.opts.assumeUnknown,
      level: this.opts.level,
      enterRule: (rule) => {
        this.rule = rule;
        this.matchIndex = 0;
        this.target = rule.target?.name ?? '';
      },
      enterMatch: (i) => {
        this.matchIndex = i;
      },
      record: (s) => this.record(s),
      view: () => this.view(),
      unknown: (m) => this.dependsOn.add(m),
      chainIndex: (c) => chainIndexOf(this.idx, c, this.opts.index),
      compiled: (c) => (this.opts.evaluate === 'compiled' ? compiledRulesOf(this.idx, c) : null),
    };
    this.env = env;
    return env;
  }

  /**
   * The nat table runs only for a connection's first packet, once for destination mappings and
   * once for source mappings; every packet is then translated from the entry.
   */
  private natStage(
    hook: Hook,
    chain: Parameters<typeof walkChain>[0],
    priority: number,
  ): WalkOutcome {
    const manip = natManipOf(hook)!;
    const ct = this.ct;
    const entry = ct?.entry;
    if (!ct || !entry) {
      if (this.recording)
        this.record({
          kind: 'table-skip',
          hook,
          table: 'nat',
          reason: ct?.state === 'UNTRACKED' ? 'untracked' : 'invalid',
          packet: this.view(),
        });
      return ACCEPT;
    }
    const done = manip === 'DNAT' ? entry.dnatDone : entry.snatDone;
    if (ct.state === 'NEW' && !done) {
      const out = this.walkTable('nat', chain, priority);
      // no mapping from the chain: the kernel records a null binding, and never asks again
      if (manip === 'DNAT') entry.dnatDone = true;
      else entry.snatDone = true;
      if (out.verdict !== 'ACCEPT') return out;
    } else if (this.recording)
      this.record({
        kind: 'table-skip',
        hook,
        table: 'nat',
        reason: ct.state === 'NEW' ? 'nat-initialized' : 'not-new',
        packet: this.view(),
      });
    if (ct.state !== 'RELATED' && ct.dir)
      this.recordNat(translateFromEntry(entry, ct.dir, manip, this.packet), true, false);
    return ACCEPT;
  }

  private conntrackIn(): void {
    // a packet that already has conntrack state (NOTRACK in raw, or the second half of a
    // loopback packet) is not looked up again
    if (this.ct) return;
    const res = this.shared.conntrack.packetIn(this.packet);
    this.ct = res.ct;
    if (this.recording) {
      const step: TraceStep = {
        kind: 'conntrack',
        hook: this.hook,
        op: res.op,
        state: res.ct.state,
        direction: res.ct.dir,
        entry: res.ct.entry ? entryView(res.ct.entry) : null,
        packet: this.view(),
      };
      if (res.note) step.note = res.note;
      this.record(step);
    }
  }

  private confirm(): boolean {
    const entry = this.ct?.entry;
    if (!entry || entry.confirmed) return true;
    const ok = this.shared.conntrack.confirm(entry);
    if (this.recording) {
      const step: TraceStep = {
        kind: 'conntrack',
        hook: this.hook,
        op: ok ? 'confirm' : 'clash',
        state: this.ct!.state,
        direction: this.ct!.dir,
        entry: entryView(entry),
        packet: this.view(),
      };
      if (!ok) step.note = 'another connection already uses this tuple: the packet is dropped';
      this.record(step);
    }
    return ok;
  }

  /** After a DNAT (or a changed destination) in OUTPUT the kernel routes the packet again. */
  reroute(): void {
    this.route = lookupRoute(this.host, this.packet.dst);
    if (!this.recording) return;
    const r = this.route;
    this.record({
      kind: 'route',
      hook: 'OUTPUT',
      decision: 'reroute',
      outInterface: r.kind === 'unreachable' ? null : r.dev,
      via: r.kind === 'unicast' && r.via !== null ? formatAddr(r.via) : null,
      note: 'the destination changed in OUTPUT, so the packet is routed again; the OUTPUT tables keep seeing the first output interface',
      packet: this.view(),
    });
  }
}
