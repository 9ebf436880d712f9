/**
 * A Docker host as the DockerHost document describes it: the host's uplinks, Docker's bridge
 * networks, and the containers with the ports they publish. The compiler (rules.ts) turns it into
 * the rules Docker Engine 28.5.2 writes with its iptables firewall backend (DOCKER_RELEASE).
 */
import type { Ipv4Prefix } from '../netfilter/ipv4.ts';
import type { SourceSpan } from '../rules/index.ts';

/** The release whose rule layout this compiler follows. */
export const DOCKER_RELEASE = '28.5.2';

export interface HostInterface {
  name: string;
  /** the interface's address and its subnet's length */
  address: number;
  prefix: number;
  /** the default route's next hop, when this interface carries it */
  gateway: number | null;
  span: SourceSpan;
}

export interface DockerNetwork {
  /** what `docker network ls` shows: `bridge` for the default network */
  name: string;
  /** the Linux bridge: docker0 for the default network, br-… for user networks */
  bridge: string;
  subnet: Ipv4Prefix;
  gateway: number;
  /** inter-container communication on this bridge (com.docker.network.bridge.enable_icc) */
  icc: boolean;
  span: SourceSpan;
}

export type PortProto = 'tcp' | 'udp';

/** One `-p [HOST_IP:]HOST_PORT:CONTAINER_PORT[/PROTO]`. */
export interface PublishedPort {
  /** the text as written, e.g. "127.0.0.1:5432:5432" */
  text: string;
  /** null: every address of the host (0.0.0.0) */
  hostIP: number | null;
  hostPort: number;
  containerPort: number;
  proto: PortProto;
  span: SourceSpan;
}

export interface Attachment {
  network: string;
  address: number;
  span: SourceSpan;
}

export interface DockerContainer {
  name: string;
  /** the networks in the order they were joined; ports are published on the first */
  attachments: Attachment[];
  ports: PublishedPort[];
  span: SourceSpan;
}

export interface DockerHostSpec {
  name: string;
  interfaces: HostInterface[];
  /** dockerd --userland-proxy (default true) */
  userlandProxy: boolean;
  /** filter FORWARD's policy: DROP when dockerd turned IP forwarding on itself */
  forwardPolicy: 'ACCEPT' | 'DROP';
  /** networks in creation order: the default bridge first */
  networks: DockerNetwork[];
  containers: DockerContainer[];
  span: SourceSpan;
}
