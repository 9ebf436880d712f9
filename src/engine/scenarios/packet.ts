/** A scenario's packet form, spelled with only what differs from a TCP SYN from port 40000. */
import type { PacketDestination, PacketForm, PacketSource } from '../scenario/doc.ts';

export function packetForm(
  source: PacketSource,
  destination: PacketDestination,
  more: Partial<PacketForm> = {},
): PacketForm {
  return {
    source,
    destination,
    proto: 'tcp',
    sport: 40000,
    dport: 80,
    tcpFlags: 'SYN',
    entryNode: '',
    entryInterface: 'eth0',
    ...more,
  };
}
