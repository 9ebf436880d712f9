/**
 * Which family's rules the views show for a cluster with IPv6: the node's iptables (IPv4) or
 * ip6tables (IPv6) rules. They follow the traced packet's family, since its steps name the
 * rules of that ruleset only; the reader may flip to the other family, and the flip holds for
 * the packet it was made on (a new packet is followed again).
 */
import type { TraceStep } from '../../engine/netfilter/trace.ts';
import type { AddressFamily } from '../../worker/protocol.ts';

export interface FamilyFlip {
  family: AddressFamily;
  /** the sent packet the flip was made on (compared by identity) */
  sent: unknown;
}

export function shownFamily(
  families: readonly AddressFamily[] | undefined,
  traced: AddressFamily | null,
  flip: FamilyFlip | null,
  sent: unknown,
): AddressFamily {
  const have = families ?? ['ipv4'];
  const wanted = flip && flip.sent === sent ? flip.family : traced;
  if (wanted && have.includes(wanted)) return wanted;
  return have[0] ?? 'ipv4';
}

/** The switch is offered only when the cluster has both families to switch between. */
export function offersSwitch(families: readonly AddressFamily[] | undefined): boolean {
  return !!families && families.includes('ipv4') && families.includes('ipv6');
}

/** The family of a trace, read off the packet its steps carry; null for no steps. */
export function stepsFamily(steps: readonly TraceStep[]): AddressFamily | null {
  for (const s of steps)
    if ('packet' in s && s.packet) return s.packet.src.includes(':') ? 'ipv6' : 'ipv4';
  return null;
}
