/**
 * The evaluators, gathered by module name in two explicit Maps (no registration by side
 * effect). A module with no entry here is reported as unknown in a trace.
 */
import { addrtypeEval, iprangeEval, setEval } from './addresses.ts';
import { connmarkEval, conntrackEval, stateEval } from './conntrack.ts';
import { macEval, physdevEval, pkttypeEval, rpfilterEval } from './link.ts';
import {
  commentEval,
  icmpEval,
  lengthEval,
  limitEval,
  markEval,
  notModelled,
  recentEval,
  statisticEval,
} from './misc.ts';
import { dscpMatchEval, ecnMatchEval, tosMatchEval, ttlMatchEval } from './header.ts';
import { ownerEval } from './owner.ts';
import * as rw from './rewrite-targets.ts';
import { multiportEval, sctpEval, tcpEval, udpEval } from './ports.ts';
import * as t from './targets.ts';
import type { MatchEvaluator, TargetEvaluator } from './types.ts';

export const matchEvaluators: ReadonlyMap<string, MatchEvaluator> = new Map<string, MatchEvaluator>(
  [
    ['addrtype', addrtypeEval],
    ['comment', commentEval],
    ['connmark', connmarkEval],
    ['conntrack', conntrackEval],
    ['dscp', dscpMatchEval],
    ['ecn', ecnMatchEval],
    ['hashlimit', notModelled],
    ['icmp', icmpEval],
    ['iprange', iprangeEval],
    ['length', lengthEval],
    ['limit', limitEval],
    ['mac', macEval],
    ['mark', markEval],
    ['multiport', multiportEval],
    ['owner', ownerEval],
    ['physdev', physdevEval],
    ['pkttype', pkttypeEval],
    ['recent', recentEval],
    ['rpfilter', rpfilterEval],
    ['sctp', sctpEval],
    ['set', setEval],
    ['socket', notModelled],
    ['state', stateEval],
    ['statistic', statisticEval],
    ['tcp', tcpEval],
    ['tos', tosMatchEval],
    ['ttl', ttlMatchEval],
    ['udp', udpEval],
  ],
);

export const targetEvaluators: ReadonlyMap<string, TargetEvaluator> = new Map<
  string,
  TargetEvaluator
>([
  ['CHECKSUM', rw.checksumEval],
  ['CLASSIFY', rw.classifyEval],
  ['CONNMARK', t.connmarkEval],
  ['CT', t.ctEval],
  ['DNAT', t.dnatEval],
  ['DSCP', rw.dscpTargetEval],
  ['ECN', rw.ecnTargetEval],
  ['HL', rw.hlEval],
  ['LOG', t.logEval],
  ['MARK', t.markEval],
  ['MASQUERADE', t.masqueradeEval],
  ['NFLOG', t.nflogEval],
  ['NOTRACK', t.notrackEval],
  ['REDIRECT', t.redirectEval],
  ['REJECT', t.rejectEval],
  ['SNAT', t.snatEval],
  ['TCPMSS', rw.tcpmssEval],
  ['TOS', rw.tosTargetEval],
  ['TPROXY', t.notSimulatedTarget],
  ['TRACE', t.traceEval],
  ['TTL', rw.ttlTargetEval],
]);

/** Matches whose use turns connection tracking on (with the NAT and CT targets). */
export const CONNTRACK_MATCHES: ReadonlySet<string> = new Set([
  'state',
  'conntrack',
  'connmark',
  'connbytes',
  'connlimit',
  'helper',
  'conntrack',
  'cluster',
]);
export const CONNTRACK_TARGETS: ReadonlySet<string> = new Set([
  'DNAT',
  'SNAT',
  'MASQUERADE',
  'REDIRECT',
  'NETMAP',
  'CONNMARK',
  'CT',
  'NOTRACK',
  'CONNSECMARK',
]);

/**
 * What the trace names when a match cannot be evaluated: the set for `-m set` (the outcome
 * depends on set NAME, which a text can supply), else the module.
 */
export function unknownLabel(module: string, data: unknown): string {
  if (module === 'set' && typeof data === 'object' && data !== null && 'name' in data)
    return `set ${String(data.name)}`;
  return module;
}
