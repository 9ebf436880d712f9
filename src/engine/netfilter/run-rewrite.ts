/**
 * The targets' writes to the packet and its connection, as a packet's run applies them: the
 * mark, the connection's mark and the header fields. Each records a trace step when the value
 * changed (the rule step already shows that the target fired).
 */
import type { Rule } from '../rules/index.ts';
import type { CtAttachment } from './conntrack.ts';
import type { Hook } from './hooks.ts';
import type { PacketState, PacketView } from './packet.ts';
import { readField, writeField } from './rewrite-fields.ts';
import { markStep, rewriteStep } from './rule-steps.ts';
import type { RewriteField, TraceStep } from './trace.ts';

/** What a write needs of the run (PacketRun in run.ts). */
export interface WritingRun {
  readonly packet: PacketState;
  readonly ct: CtAttachment | null;
  readonly target: string;
  readonly recording: boolean;
  readonly hook: Hook;
  /** the rule being evaluated, which the steps name */
  readonly rule: Rule | null;
  record(step: TraceStep): void;
  /** the packet changed: its cached view is stale */
  changed(): void;
  view(): PacketView;
}

/** mark = (mark AND NOT mask) XOR value, as the kernel's MARK does. */
export function setMark(run: WritingRun, value: number, mask: number): void {
  const packet = run.packet;
  const from = packet.mark;
  packet.mark = ((from & ~mask) ^ value) >>> 0;
  if (from === packet.mark) return;
  run.changed();
  const rule = run.recording ? run.rule : null;
  if (rule) run.record(markStep(run.hook, rule, run.target, 'mark', from, packet.mark, run.view()));
}

/** The same on the connection's mark; no effect without a conntrack entry. */
export function setConnmark(run: WritingRun, value: number, mask: number): void {
  const entry = run.ct?.entry;
  if (!entry) return;
  const from = entry.mark;
  entry.mark = ((from & ~mask) ^ value) >>> 0;
  const rule = from !== entry.mark && run.recording ? run.rule : null;
  if (rule)
    run.record(markStep(run.hook, rule, run.target, 'connmark', from, entry.mark, run.view()));
}

/** A header field or the priority, written by TTL, TOS, DSCP, ECN, TCPMSS or CLASSIFY. */
export function rewriteField(run: WritingRun, field: RewriteField, value: number): void {
  const from = readField(run.packet, field);
  if (from === value) return;
  writeField(run.packet, field, value);
  run.changed();
  const rule = run.recording ? run.rule : null;
  if (rule) run.record(rewriteStep(run.hook, rule, run.target, field, from, value, run.view()));
}
