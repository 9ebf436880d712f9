/**
 * The source address a pod sees, from the engine's journey across the cluster: the lesson's
 * packet becomes a journey flow (a pod, a node or a client to the address and port the packet
 * is sent to), followed through every node it crosses with the scenario's seed. What the entry
 * node's trace shows is only where the packet left that node; the journey shows what arrives.
 */
import { journey } from '../cluster/index.ts';
import type { Env } from './env.ts';
import { resolvePacket } from './packets.ts';

export type JourneyAnswer = { ok: true; value: string } | { ok: false; problem: string };

function placeOf(from: NonNullable<import('./types.ts').PacketSpec['from']>): string | null {
  if (from.pod !== undefined)
    return `pod/${from.pod.includes('/') ? from.pod : `default/${from.pod}`}`;
  if (from.node !== undefined) return `node/${from.node}`;
  if (from.client !== undefined) return `client/${from.client}`;
  return from.address ?? null;
}

/** The address (no port) the receiving pod sees as the source of the named packet. */
export function seenSource(env: Env, name: string): JourneyAnswer {
  const spec = env.packets[name];
  if (!spec) return { ok: false, problem: `no packet named ${name}` };
  if (env.model === null || spec.from === undefined)
    return { ok: false, problem: `a journey needs a cluster lesson and a packet with "from"` };
  const node = spec.node ?? env.defaultNode;
  const resolved = resolvePacket(spec, env.model, node);
  if (!resolved.ok) return { ok: false, problem: `packet ${name}: ${resolved.problem}` };
  const p = resolved.packet;
  const from = placeOf(spec.from);
  if (from === null) return { ok: false, problem: `packet ${name} names no sender` };
  const outside = spec.from.client !== undefined || spec.from.address !== undefined;
  const flow: Record<string, unknown> = { from, to: `${String(p['dst'])}:${String(p['dport'])}` };
  if (outside && node !== null) flow['via'] = `node/${node}`;
  for (const k of ['proto', 'sport', 'tcpFlags'] as const) if (p[k] !== undefined) flow[k] = p[k];
  const result = journey(env.model, flow, { seed: env.loaded.lesson.scenario.seed ?? 1 });
  const bad = result.flowDiagnostics.find((d) => d.severity === 'error');
  if (bad) return { ok: false, problem: `packet ${name} as a journey: ${bad.message}` };
  const seen = result.journey?.sourceSeen;
  if (seen == null) return { ok: true, value: '(not delivered)' };
  return { ok: true, value: seen.slice(0, seen.lastIndexOf(':')) };
}
