/**
 * `-p` as `docker run` takes it: `[HOST_IP:]HOST_PORT:CONTAINER_PORT[/tcp|/udp]`. A port without
 * a host port (dockerd would pick a free one) is refused: the rules depend on the number.
 */
import type { Reader } from '../cluster/manifests/read-kit.ts';
import type { Path } from '../cluster/manifests/source.ts';
import { parseIPv4 } from '../netfilter/ipv4.ts';
import type { PortProto, PublishedPort } from './model.ts';

const PORT_TEXT = /^(?:(\d{1,3}(?:\.\d{1,3}){3}):)?(\d{1,5}):(\d{1,5})(?:\/(tcp|udp))?$/;

function portNumber(text: string): number | undefined {
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

export function readPort(r: Reader, at: Path): PublishedPort | undefined {
  const raw = r.get(at);
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    r.error(
      at,
      'bad-type',
      'a published port is written as docker run -p takes it, e.g. "8080:80"',
    );
    return undefined;
  }
  const text = String(raw).trim();
  const m = PORT_TEXT.exec(text);
  if (!m) {
    const why = /^\d+(\/(tcp|udp))?$/.test(text)
      ? 'give the host port too ("8080:80"): dockerd would pick one at random'
      : 'write it as [HOST_IP:]HOST_PORT:CONTAINER_PORT[/tcp|/udp], e.g. "127.0.0.1:8080:80"';
    r.error(at, 'bad-value', `${JSON.stringify(text)} is not a published port: ${why}`);
    return undefined;
  }
  const hostIP = m[1] === undefined ? null : parseIPv4(m[1]);
  const hostPort = portNumber(m[2]!);
  const containerPort = portNumber(m[3]!);
  if (hostIP === undefined) {
    r.error(at, 'bad-value', `${m[1]} is not an IPv4 address`);
    return undefined;
  }
  if (hostPort === undefined || containerPort === undefined) {
    r.error(at, 'bad-value', `${JSON.stringify(text)}: ports run from 1 to 65535`);
    return undefined;
  }
  // 0.0.0.0 is what docker prints for "every address"
  return {
    text,
    hostIP: hostIP === 0 ? null : hostIP,
    hostPort,
    containerPort,
    proto: (m[4] ?? 'tcp') as PortProto,
    span: r.span(at),
  };
}
