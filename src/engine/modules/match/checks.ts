/**
 * A check only matches make: tcp, udp, icmp and the like need `-p PROTO` earlier in the rule. The
 * checks matches and targets share (repeated, exclusive, required options) are in
 * ../option-checks.ts.
 */
import type { ModuleContext } from '../types.ts';

/** tcp, udp and icmp read the header of their own protocol only: iptables wants `-p PROTO` first. */
export function requireProtocol(
  module: string,
  protocols: readonly string[],
  ctx: ModuleContext,
): void {
  if (ctx.protocol !== undefined && protocols.includes(ctx.protocol)) return;
  const want = protocols.map((p) => `-p ${p}`).join(' or ');
  if (ctx.span)
    ctx.report('bad-protocol', `-m ${module} needs ${want} earlier in the rule`, ctx.span);
}
