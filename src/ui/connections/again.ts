/**
 * "Connect twice": the packet, then a new connection from the same client (the next source
 * port), traced in one simulation so the second sees what the first left behind: its
 * conntrack entry is not reused, but kube-proxy's `-m recent` lists (ClientIP session affinity)
 * are.
 */
import type { PacketInput } from '../../worker/protocol.ts';

/** The same client's next connection: the source port after this one's. */
export function nextConnection(p: PacketInput): PacketInput {
  const sport = p.sport ?? 40000;
  return { ...p, sport: sport >= 65535 ? 1024 : sport + 1 };
}

/** The packets a send traces: one, or two connections when `twice`. */
export function packetsToSend(p: PacketInput, twice: boolean | undefined): PacketInput[] {
  return twice && p.proto !== 'icmp' ? [p, nextConnection(p)] : [p];
}
