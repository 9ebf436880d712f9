/** Small builders for the simulator's tests: rules from text, host and packets from objects. */
import { hasErrors, type Ruleset, parseRuleset } from '../rules/index.ts';
import { formatFieldDiagnostic } from './fields.ts';
import type { Host } from './host.ts';
import { readHost } from './host-reader.ts';
import type { Packet } from './packet.ts';
import { readPackets } from './packet-reader.ts';

/** Parses iptables-save text; a test ruleset with errors is a broken test, so it throws. */
export function rules(text: string): Ruleset {
  const r = parseRuleset(text.replace(/^\s+/gm, ''));
  if (hasErrors(r.diagnostics))
    throw new Error(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('\n'));
  return r.ruleset;
}

export function hostOf(doc: unknown): Host {
  const r = readHost(doc);
  if (r.diagnostics.some((d) => d.severity === 'error'))
    throw new Error(r.diagnostics.map(formatFieldDiagnostic).join('\n'));
  return r.host;
}

export function packetsOf(doc: unknown): Packet[] {
  const r = readPackets(doc);
  if (r.diagnostics.length) throw new Error(r.diagnostics.map(formatFieldDiagnostic).join('\n'));
  return r.packets;
}

/** A node like the docs' host file: eth0 to the world, cni0 to the pods. */
export const NODE_HOST = {
  interfaces: [
    { name: 'eth0', addresses: ['192.168.1.10/24'] },
    { name: 'cni0', addresses: ['10.244.1.1/24'] },
  ],
  routes: [
    { to: 'default', via: '192.168.1.1', dev: 'eth0' },
    { to: '10.244.2.0/24', via: '192.168.1.11', dev: 'eth0' },
  ],
  ipForward: true,
  bridgeNetfilter: true,
  bridges: [
    {
      name: 'cni0',
      ports: [
        { name: 'veth1', addresses: ['10.244.1.5'] },
        { name: 'veth2', addresses: ['10.244.1.6'] },
      ],
    },
  ],
};
