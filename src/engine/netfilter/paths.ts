/**
 * The ways a packet can cross the host, hook by hook:
 * - arriving: PREROUTING → routing → INPUT (local) or FORWARD → POSTROUTING;
 * - bridged with bridge netfilter on: PREROUTING, FORWARD and POSTROUTING all with the bridge
 *   as in and out device (also after a DNAT that leads back onto the same bridge);
 * - sent by the host: routing → OUTPUT (re-routed after a DNAT) → POSTROUTING;
 * - to one of the host's own addresses: that, out lo, then PREROUTING in lo → INPUT.
 */
import {
  bridgeOfPort,
  findBridge,
  isBroadcastAddress,
  isLocalAddress,
  type Host,
  type HostBridge,
} from './host.ts';
import { formatAddr, inPrefix, isMulticastOrBroadcast, LOOPBACK_NET, type Addr } from './ipv4.ts';
import type { Packet } from './packet.ts';
import { lookupRoute } from './routing.ts';
import type { HookIo, PacketRun } from './run.ts';
import type { RouteStep, TraceResult, Verdict } from './trace.ts';
import type { WalkOutcome } from './traverse.ts';

function result(
  run: PacketRun,
  verdict: Verdict,
  fate: TraceResult['fate'],
  outInterface: string | null,
  reason?: string,
): TraceResult {
  const v = run.view();
  const r: TraceResult = {
    verdict,
    fate,
    outInterface,
    packet: { src: v.src, sport: v.sport, dst: v.dst, dport: v.dport, proto: v.proto },
  };
  if (reason) r.reason = reason;
  if (run.dependsOn.size) r.dependsOn = [...run.dependsOn].sort();
  if (run.idx.conntrackActive) r.ctState = run.ct?.state ?? null;
  return r;
}

function stopped(run: PacketRun, out: WalkOutcome): TraceResult {
  return out.verdict === 'REJECT'
    ? result(run, 'REJECT', 'rejected', null)
    : result(run, 'DROP', 'dropped', null);
}

function routeStep(
  run: PacketRun,
  hook: RouteStep['hook'],
  decision: RouteStep['decision'],
  out: string | null,
  via: Addr | null,
  note?: string,
): void {
  if (!run.recording) return;
  const step: RouteStep = {
    kind: 'route',
    hook,
    decision,
    outInterface: out,
    via: via === null ? null : formatAddr(via),
    packet: run.view(),
  };
  if (note) step.note = note;
  run.record(step);
}

/** A frame for a neighbour on the bridge's own segment is bridged, not routed. */
function isBridgedFrame(run: PacketRun, bridge: HostBridge, dst: Addr): boolean {
  const host = run.host;
  if (isLocalAddress(host, dst) || isBroadcastAddress(host, dst)) return false;
  const iface = host.interfaces.find((i) => i.name === bridge.name);
  if (!iface || iface.addresses.length === 0) return true;
  return (
    iface.addresses.some((a) => inPrefix(dst, a)) ||
    bridge.ports.some((p) => p.addresses.includes(dst))
  );
}

export function followPacket(run: PacketRun, p: Packet): TraceResult {
  if (p.local || p.in === null) return localOut(run);
  return arriving(run, p.in);
}

function arriving(run: PacketRun, dev: string): TraceResult {
  const host = run.host;
  const portOf = bridgeOfPort(host, dev);
  const bridge = portOf?.bridge ?? findBridge(host, dev);
  const brnf = host.bridgeNetfilter && bridge !== undefined;
  const io: HookIo = { in: bridge ? bridge.name : dev, out: null };
  if (brnf) {
    io.physIn = portOf?.port.name ?? null;
    io.viaBridge = true;
  }
  if (bridge && !host.bridgeNetfilter && isBridgedFrame(run, bridge, run.packet.dst)) {
    routeStep(
      run,
      'PREROUTING',
      'bridge',
      bridge.name,
      null,
      'bridged on ' + bridge.name + ' with bridge netfilter off: iptables never sees the frame',
    );
    return result(run, 'ACCEPT', 'forward', bridge.name);
  }
  const out = run.runHook('PREROUTING', io);
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  // br_netfilter bridges a frame that stays on this bridge (also after a DNAT back onto it)
  if (brnf && bridge && isBridgedFrame(run, bridge, run.packet.dst))
    return bridgedForward(run, bridge, io.physIn ?? null);
  return routeArrived(run, io);
}

/** IPv6 has no route_localnet: ::1 never arrives from outside, in either field. */
function martian6(host: Host, src: Addr, dst: Addr): string | null {
  if (src === 1n) return 'martian source: ::1 may not arrive from outside';
  if (dst === 1n) return 'martian destination: ::1 may not arrive from outside';
  if (isLocalAddress(host, src))
    return "martian source: the packet claims to come from one of this host's own addresses";
  if (isMulticastOrBroadcast(src)) return 'martian source: a multicast source address';
  return null;
}

function bridgedForward(run: PacketRun, bridge: HostBridge, physIn: string | null): TraceResult {
  const port = bridge.ports.find((p) => p.addresses.includes(run.packet.dst));
  const physOut = port?.name ?? null;
  routeStep(
    run,
    'PREROUTING',
    'bridge',
    bridge.name,
    null,
    `bridged on ${bridge.name}${physOut ? ` toward port ${physOut}` : ''}: FORWARD and POSTROUTING see ${bridge.name} as both in and out device`,
  );
  // The bridge decides whether it may deliver to the port (br_forward → should_deliver) before
  // the bridge FORWARD hook, so a frame refused for want of hairpin never reaches FORWARD: the
  // kernel's trace ends after PREROUTING (tests/kernel/FINDINGS.md, fact 10).
  if (physOut !== null && physOut === physIn && !port?.hairpin)
    return result(
      run,
      'DROP',
      'dropped',
      null,
      `the bridge does not send a frame back out the port it came in on (${physIn}) unless hairpin mode is on`,
    );
  const io: HookIo = {
    in: bridge.name,
    out: bridge.name,
    physIn,
    physOut,
    viaBridge: true,
    bridged: true,
  };
  let out = run.runHook('FORWARD', io);
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  out = run.runHook('POSTROUTING', { ...io, in: null });
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  return result(run, 'ACCEPT', 'forward', bridge.name);
}

/** The routing decision for a packet that came in (after PREROUTING and its DNAT). */
function routeArrived(run: PacketRun, io: HookIo): TraceResult {
  const host = run.host;
  const { src, dst } = run.packet;
  if (io.in !== 'lo') {
    const martian =
      typeof src === 'bigint' || typeof dst === 'bigint'
        ? martian6(host, src, dst)
        : isLocalAddress(host, src) && !inPrefix(src, LOOPBACK_NET)
          ? "martian source: the packet claims to come from one of this host's own addresses"
          : inPrefix(src, LOOPBACK_NET) && !host.routeLocalnet
            ? 'martian source: 127.0.0.0/8 may not arrive from outside (route_localnet is off)'
            : inPrefix(dst, LOOPBACK_NET) && !host.routeLocalnet
              ? 'martian destination: 127.0.0.0/8 may not arrive from outside (route_localnet is off)'
              : isMulticastOrBroadcast(src)
                ? 'martian source: a multicast or broadcast source address'
                : null;
    if (martian) {
      routeStep(run, 'PREROUTING', 'martian', null, null, martian);
      return result(run, 'DROP', 'dropped', null, martian);
    }
  }
  const route = lookupRoute(host, dst);
  run.route = route;
  if (route.kind === 'local') {
    routeStep(
      run,
      'PREROUTING',
      'local',
      null,
      null,
      route.broadcast ? 'a broadcast address: delivered locally' : undefined,
    );
    const out = run.runHook('INPUT', {
      in: io.in,
      out: null,
      physIn: io.physIn ?? null,
      viaBridge: io.viaBridge ?? false,
    });
    if (out.verdict !== 'ACCEPT') return stopped(run, out);
    return result(run, 'ACCEPT', 'local', null);
  }
  if (route.kind === 'unreachable') {
    routeStep(run, 'PREROUTING', 'unreachable', null, null, 'no route to the destination');
    return result(run, 'DROP', 'dropped', null, 'no route to the destination');
  }
  if (!host.ipForward) {
    routeStep(
      run,
      'PREROUTING',
      'no-forwarding',
      route.dev,
      route.via,
      'ip_forward is off: the host does not forward packets',
    );
    return result(run, 'DROP', 'dropped', null, 'ip_forward is off');
  }
  routeStep(run, 'PREROUTING', 'forward', route.dev, route.via);
  // ip_forward: a packet with no hop left is answered with ICMP time exceeded and never reaches
  // FORWARD; any other loses one before the FORWARD hook, so FORWARD and POSTROUTING see it so
  const ttl = run.packet.ttl;
  if (ttl <= 1) {
    const field = typeof run.packet.dst === 'bigint' ? 'hop limit' : 'TTL';
    const why = `${field} ${ttl}: no hop left to forward it (the sender gets ICMP time exceeded)`;
    return result(run, 'DROP', 'dropped', null, why);
  }
  run.kernelRewrite('FORWARD', 'ttl', ttl - 1, 'a forwarded packet loses one hop');
  const fwd: HookIo = {
    in: io.in,
    out: route.dev,
    physIn: io.physIn ?? null,
    viaBridge: io.viaBridge ?? false,
  };
  let out = run.runHook('FORWARD', fwd);
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  out = run.runHook('POSTROUTING', { ...fwd, in: null });
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  return result(run, 'ACCEPT', 'forward', route.dev);
}

function localOut(run: PacketRun): TraceResult {
  const route = lookupRoute(run.host, run.packet.dst);
  run.route = route;
  if (route.kind === 'unreachable') {
    routeStep(
      run,
      'OUTPUT',
      'unreachable',
      null,
      null,
      'no route to the destination: the sender gets "network is unreachable"',
    );
    return result(run, 'DROP', 'dropped', null, 'no route to the destination');
  }
  const firstDev = route.dev;
  routeStep(run, 'OUTPUT', 'output', firstDev, route.kind === 'unicast' ? route.via : null);
  let out = run.runHook('OUTPUT', { in: null, out: firstDev });
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  const final = run.route ?? route;
  if (final.kind === 'unreachable')
    return result(run, 'DROP', 'dropped', null, 'no route to the new destination');
  out = run.runHook('POSTROUTING', { in: null, out: final.dev });
  if (out.verdict !== 'ACCEPT') return stopped(run, out);
  if (final.kind === 'local') {
    routeStep(
      run,
      'POSTROUTING',
      'local',
      'lo',
      null,
      "sent to one of the host's own addresses: it comes back in on lo (a new trace in the kernel)",
    );
    const back = run.runHook('PREROUTING', { in: 'lo', out: null, loopback: true });
    if (back.verdict !== 'ACCEPT') return stopped(run, back);
    return routeArrived(run, { in: 'lo', out: null });
  }
  return result(run, 'ACCEPT', 'output', final.dev);
}
