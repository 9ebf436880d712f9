/**
 * A pod's packet that leaves the cluster with the pod's own address as its source: the model
 * routes the reply back to the pod, but on the real internet nobody routes a pod address. The
 * node's network (the CNI plugin's own masquerade, a cloud NAT) rewrites it, and those rules are
 * not in the model: the journey says so instead of "the connection works".
 */
import type { Journey } from '../../../engine/cluster/journey/index.ts';

/** The pod address the model assumes is routed back from outside, or null. */
export function assumedRouteBack(j: Journey): string | null {
  const req = j.request;
  const rep = j.reply;
  if (req.outcome !== 'delivered' || req.at?.kind !== 'client') return null;
  if (rep?.outcome !== 'delivered' || rep.at?.kind !== 'pod') return null;
  return req.packet.src === rep.at.address ? rep.at.address : null;
}
