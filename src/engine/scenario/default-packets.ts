/** The packets a new scenario starts with, for the default cluster and for a pasted dump. */
import { DEFAULT_NODE } from '../scenarios/default-cluster.ts';
import type { PacketForm } from './doc.ts';

/** curl from the client pod to the Service's ClusterIP: a TCP SYN to 10.43.62.130:80. */
export const DEFAULT_PACKET: PacketForm = {
  source: { kind: 'pod', namespace: 'default', name: 'client' },
  destination: { kind: 'service', namespace: 'default', name: 'service-test', port: 80 },
  proto: 'tcp',
  sport: 40000,
  dport: 80,
  tcpFlags: 'SYN',
  entryNode: DEFAULT_NODE,
  entryInterface: 'eth0',
};

/** With a pasted dump: a TCP SYN from outside to the host's own address, port 22. */
export const DUMP_PACKET: PacketForm = {
  source: { kind: 'address', address: '198.51.100.20' },
  destination: { kind: 'address', address: '192.168.1.10' },
  proto: 'tcp',
  sport: 40000,
  dport: 22,
  tcpFlags: 'SYN',
  entryNode: '',
  entryInterface: 'eth0',
};
