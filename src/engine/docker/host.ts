/**
 * The host a DockerHost compiles to, in the host file's shape (docs/formats.md, Host file): its
 * uplinks, one bridge per network with the gateway address, a veth per container attachment,
 * IP forwarding on (dockerd turns it on), and br_netfilter on, so traffic between containers of
 * one bridge passes filter FORWARD as dockerd expects.
 */
import { digest } from '../cluster/proxier/hash.ts';
import type { HostFile, HostFilePort } from '../cluster/node/hosts.ts';
import { formatIPv4, formatPrefix } from '../netfilter/ipv4.ts';
import type { DockerHostSpec } from './model.ts';

/** A container's end on the host: veth and 7 hex digits, as dockerd names them (here from a
 * digest of the container and network, so the name stays the same). */
export function vethName(container: string, network: string): string {
  const hex = Array.from(digest(`docker-veth/${container}/${network}`).slice(0, 4), (b) =>
    b.toString(16).padStart(2, '0'),
  )
    .join('')
    .slice(0, 7);
  return `veth${hex}`;
}

export function dockerHostFile(spec: DockerHostSpec): HostFile {
  const interfaces = spec.interfaces.map((i) => ({
    name: i.name,
    addresses: [`${formatIPv4(i.address)}/${i.prefix}`],
  }));
  for (const n of spec.networks)
    interfaces.push({
      name: n.bridge,
      addresses: [`${formatIPv4(n.gateway)}/${n.subnet.prefix}`],
    });
  const routes = spec.interfaces
    .filter((i) => i.gateway !== null)
    .slice(0, 1)
    .map((i) => ({ to: 'default', via: formatIPv4(i.gateway!), dev: i.name }));
  const bridges = spec.networks.map((n) => {
    const ports: HostFilePort[] = [];
    for (const c of spec.containers)
      for (const a of c.attachments)
        if (a.network === n.name)
          ports.push({
            name: vethName(c.name, n.name),
            addresses: [formatIPv4(a.address)],
            hairpin: !spec.userlandProxy,
          });
    return { name: n.bridge, ports };
  });
  return {
    interfaces,
    routes,
    ipForward: true,
    bridgeNetfilter: true,
    routeLocalnet: false,
    bridges,
    backend: 'nft',
  };
}

/** One line per network for a caption: `bridge (docker0) 172.17.0.0/16`. */
export function networkSummary(spec: DockerHostSpec): string[] {
  return spec.networks.map((n) => `${n.name} (${n.bridge}) ${formatPrefix(n.subnet)}`);
}
