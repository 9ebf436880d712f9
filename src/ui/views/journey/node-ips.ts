/** Each node's InternalIP of the journey's family, written under the node's name in the strip. */
import type { ClusterSummary } from '../../../worker/protocol.ts';

export function nodeIPsOf(
  summary: ClusterSummary | undefined,
  family: 'ipv4' | 'ipv6' | undefined,
): Map<string, string> {
  return new Map(
    (summary?.nodes ?? []).flatMap((n) => {
      const ip = family === 'ipv6' ? n.ipv6 : n.ip;
      return ip ? [[n.name, ip] as const] : [];
    }),
  );
}
