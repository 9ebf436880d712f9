/**
 * The targets' writes to the packet and its connection, as a packet's run applies them: the
 * mark, the connection's mark and the header fields. Each records a trace step when the value
 * changed (the rule step already shows that the target fired).
 */
import type { CtAttachment } from './conntrack.ts';
import type { PacketState, PacketView } from './packet.ts';
import { readField, writeField } from './rewrite-fields.ts';
import type { RewriteField, RuleRef, TraceStep } from './trace.ts';

/** What a write needs of the run (PacketRun in run.ts). */
export interface WritingRun {
  readonly packet: PacketState;
  readonly ct: CtAttachment | null;
  readonly target: string;
  readonly recording: boolean;
  /** the rule being evaluated, as trace steps name it */
  ref(): RuleRef | null;
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
  const ref = run.recording ? run.ref() : null;
  if (ref)
    run.record({
      kind: 'mark',
      ...ref,
      target: run.target,
      what: 'mark',
      from,
      to: packet.mark,
      packet: run.view(),
    });
}

/** The same on the connection's mark; no effect without a conntrack entry. */
export function setConnmark(run: WritingRun, value: number, mask: number): void {
  const entry = run.ct?.entry;
  if (!entry) return;
  const from = entry.mark;
  entry.mark = ((from & ~mask) ^ value) >>> 0;
  const ref = from !== entry.mark && run.recording ? run.ref() : null;
  if (ref)
    run.record({
      kind: 'mark',
      ...ref,
      target: run.target,
      what: 'connmark',
      from,
      to: entry.mark,
      packet: run.view(),
    });
}

/** A header field or the priority, written by TTL, TOS, DSCP, ECN, TCPMSS or CLASSIFY. */
export function rewriteField(run: WritingRun, field: RewriteField, value: number): void {
  const from = readField(run.packet, field);
  if (from === value) return;
  writeField(run.packet, field, value);
  run.changed();
  const ref = run.recording ? run.ref() : null;
  if (ref)
    run.record({
      kind: 'rewrite',
      ...ref,
      target: run.target,
      field,
      from,
      to: value,
      packet: run.view(),
    });
}
