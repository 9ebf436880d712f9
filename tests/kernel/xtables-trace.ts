// Reads the kernel's own packet trace as `xtables-monitor --trace` (iptables 1.8.9, nf_tables)
// prints it, and turns it into plain events.
//
// The format, as captured on this machine (see captures/*.txt):
//   PACKET: 2 66b83ab1 IN=eth0 MACSRC=… SRC=192.168.50.100 DST=192.168.50.10 LEN=60 … SPORT=34324 DPORT=1 SYN
//    TRACE: 2 66b83ab1 filter:INPUT:rule:0x6:JUMP:SUB  -4 -t filter -A INPUT -p tcp -j SUB
//    TRACE: 2 66b83ab1 filter:SUB:rule:0x8:0xfffffffb  -4 -t filter -A SUB -p tcp -m tcp --dport 1 -j RETURN
//    TRACE: 2 66b83ab1 nat:INPUT:policy:ACCEPT
// - "2" is the family (NFPROTO_IPV4), the hex word the trace id: one id per packet per walk, so a
//   packet looped back through lo, or a packet a REJECT generates, gets a new id.
// - A PACKET line comes before the first event of every base-chain walk (one per table per hook)
//   and shows the packet as that chain sees it (after an earlier DNAT, with MARK= once set).
// - Rule verdicts: ACCEPT, DROP (also for REJECT), CONTINUE (no verdict: MARK, LOG, no target),
//   JUMP:<chain>, GOTO:<chain>, and RETURN printed as the raw number 0xfffffffb (NFT_RETURN).
// - The end of a user chain prints nothing; the end of a base chain prints its policy.
// - Events of different ids can interleave (a REJECT's generated packet is traced in full before
//   the REJECT rule's own line appears).

export type Hook = 'PREROUTING' | 'INPUT' | 'FORWARD' | 'OUTPUT' | 'POSTROUTING';
export const HOOKS: readonly Hook[] = ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'];

export interface TracePacket {
  iif: string | null;
  oif: string | null;
  src: string | null;
  dst: string | null;
  sport: number | null;
  dport: number | null;
  /** TCP flags in the order xtables-monitor prints them (SYN ACK FIN RST PSH URG). */
  tcpFlags: string[];
  mark: number;
  length: number | null;
  /** Every KEY=VALUE the line carried, for fields not lifted above (TTL, ID, MACSRC …). */
  fields: Record<string, string>;
}

export type TraceEventType = 'rule' | 'policy' | 'return';

export interface TraceEvent {
  traceId: string;
  family: number;
  table: string;
  chain: string;
  type: TraceEventType;
  /** The hook this event ran at: the base chain's own hook, inherited by user chains. */
  hook: Hook | null;
  /** nftables rule handle (rules only). */
  handle: number | null;
  /** ACCEPT, DROP, CONTINUE, JUMP, GOTO, RETURN, QUEUE, STOLEN, BREAK, or the raw 0x… number. */
  verdict: string;
  /** Chain named by JUMP/GOTO (or by a return event), else null. */
  target: string | null;
  /** The rule as iptables-save prints it (`-A CHAIN …`), or null for a policy/return. */
  ruleText: string | null;
  /** The packet as the enclosing base chain saw it on entry. */
  packet: TracePacket | null;
  /** 0-based line number in the monitor output. */
  line: number;
}

export interface ParsedTrace {
  events: TraceEvent[];
  /** Lines that are neither trace nor known noise (EVENT, NEWGEN, blank). */
  unparsed: string[];
}

const TCP_FLAG_WORDS = new Set(['SYN', 'ACK', 'FIN', 'RST', 'PSH', 'URG']);
const NFT_RETURN = '0xfffffffb';

export function parsePacketFields(rest: string): TracePacket {
  const fields: Record<string, string> = {};
  const tcpFlags: string[] = [];
  for (const token of rest.trim().split(/\s+/)) {
    if (token === '') continue;
    const eq = token.indexOf('=');
    if (eq > 0) fields[token.slice(0, eq)] = token.slice(eq + 1);
    else if (TCP_FLAG_WORDS.has(token)) tcpFlags.push(token);
    else fields[token] = '';
  }
  const num = (key: string): number | null =>
    fields[key] === undefined ? null : Number(fields[key]);
  return {
    iif: fields['IN'] ?? null,
    oif: fields['OUT'] ?? null,
    src: fields['SRC'] ?? null,
    dst: fields['DST'] ?? null,
    sport: num('SPORT'),
    dport: num('DPORT'),
    tcpFlags,
    mark: fields['MARK'] === undefined ? 0 : Number.parseInt(fields['MARK'], 16),
    length: num('LEN'),
    fields,
  };
}

const PACKET_LINE = /^PACKET: (\d+) ([0-9a-f]+) ?(.*)$/;
const TRACE_LINE = /^ ?TRACE: (\d+) ([0-9a-f]+) (\S+)(?:\s+(.*))?$/;
// table:chain:type:rest — the chain is matched greedily so the type is the last of the three words.
const WHERE = /^([^:]+):(.+):(rule|policy|return):(.*)$/;

function stripFamilyAndTable(text: string, table: string): string {
  return text.replace(
    new RegExp(`^-[046] -t ${table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `),
    '',
  );
}

function hookOf(chain: string, extraBaseChains: Readonly<Record<string, Hook>>): Hook | null {
  if ((HOOKS as readonly string[]).includes(chain)) return chain as Hook;
  return extraBaseChains[chain] ?? null;
}

/**
 * Parses xtables-monitor output. `extraBaseChains` names base chains whose names are not hook
 * names (the harness's own nft chains) so their events get a hook too.
 */
export function parseXtablesTrace(
  text: string,
  extraBaseChains: Readonly<Record<string, Hook>> = {},
): ParsedTrace {
  const events: TraceEvent[] = [];
  const unparsed: string[] = [];
  const pendingPacket = new Map<string, TracePacket>();
  const currentPacket = new Map<string, TracePacket>();
  const currentHook = new Map<string, Hook>();
  const lines = text.split('\n');
  lines.forEach((raw, line) => {
    const text = raw.replace(/\s+$/, '');
    if (
      text.trim() === '' ||
      text.startsWith(' EVENT:') ||
      text.startsWith('EVENT:') ||
      text.startsWith('NEWGEN:')
    )
      return;
    const packet = PACKET_LINE.exec(text);
    if (packet) {
      pendingPacket.set(packet[2] ?? '', parsePacketFields(packet[3] ?? ''));
      return;
    }
    const trace = TRACE_LINE.exec(text);
    const where = trace ? WHERE.exec(trace[3] ?? '') : null;
    if (!trace || !where) {
      unparsed.push(raw);
      return;
    }
    const traceId = trace[2] ?? '';
    const table = where[1] ?? '';
    const chain = where[2] ?? '';
    const type = where[3] as TraceEventType;
    const rest = where[4] ?? '';
    const fresh = pendingPacket.get(traceId);
    if (fresh) {
      currentPacket.set(traceId, fresh);
      pendingPacket.delete(traceId);
    }
    const baseHook = hookOf(chain, extraBaseChains);
    if (baseHook) currentHook.set(traceId, baseHook);
    let handle: number | null = null;
    let verdict: string;
    let target: string | null = null;
    if (type === 'rule') {
      const [h = '', v = '', ...t] = rest.split(':');
      handle = Number.parseInt(h, 16);
      verdict = v === NFT_RETURN ? 'RETURN' : v;
      target = t.length > 0 ? t.join(':') : null;
    } else if (type === 'policy') {
      verdict = rest;
    } else {
      verdict = 'RETURN';
      target = rest === '' ? null : rest;
    }
    const ruleText =
      type === 'rule' && trace[4] ? stripFamilyAndTable(trace[4].trim(), table) : null;
    events.push({
      traceId,
      family: Number(trace[1]),
      table,
      chain,
      type,
      hook: baseHook ?? currentHook.get(traceId) ?? null,
      handle,
      verdict,
      target,
      ruleText,
      packet: currentPacket.get(traceId) ?? null,
      line,
    });
  });
  return { events, unparsed };
}

export interface TraceRun {
  /** The id the run started with, then any later ids (see groupRuns). */
  traceIds: string[];
  events: TraceEvent[];
}

export interface RunBoundaries {
  /** True for an event that begins a packet's walk (the harness's first traced chain). */
  startsRun(event: TraceEvent): boolean;
  /** True for an event after which the walk cannot go on (a drop, or the harness's last observer). */
  endsRun(event: TraceEvent): boolean;
}

/**
 * Groups events into runs, one per packet walk, in order of their first event.
 *
 * Without `boundaries` a run is simply one trace id. With them, an id whose first event does not
 * start a walk continues the latest unfinished run: the kernel derives the trace id from the skb's
 * flow hash, and seen on 6.18, a conntrack reply being un-NATed can get a new id half-way through
 * its walk (the SYN-ACK in captures/reply-id-change.txt).
 */
export function groupRuns(events: readonly TraceEvent[], boundaries?: RunBoundaries): TraceRun[] {
  const runs: TraceRun[] = [];
  const byId = new Map<string, TraceRun>();
  const ended = new Set<TraceRun>();
  for (const event of events) {
    let run = byId.get(event.traceId);
    if (!run && boundaries && !boundaries.startsRun(event)) {
      run = runs.findLast((candidate) => !ended.has(candidate));
      run?.traceIds.push(event.traceId);
    }
    if (!run) runs.push((run = { traceIds: [event.traceId], events: [] }));
    byId.set(event.traceId, run);
    run.events.push(event);
    if (boundaries?.endsRun(event)) ended.add(run);
  }
  return runs;
}
