// Reads the kernel's packet trace as `nft -a monitor` (nftables 1.0.6) prints it and turns it into
// the same events as parseXtablesTrace, for the IPv6 lab: there xtables-monitor 1.8.9 cannot be
// used (FINDINGS.md: it prints an IPv6 DNAT's address as an IPv4 one and exits on some ip6tables
// NAT rules). nft names every rule by its handle; the rule's iptables text is taken from
// ip6tables-save by the harness (loader.ts), so events here carry no rule text.
//
// The format, as captured on this machine (see captures/ipv6-nft-trace.txt):
//   trace id cb4113a2 ip6 nat PREROUTING packet: iif "eth0" … ip6 saddr fd00:50::100 ip6 daddr fd00:96::10 … ip6 hoplimit 64 … tcp sport 40200 tcp dport 80 tcp flags == syn …
//   trace id cb4113a2 ip6 nat PREROUTING rule ip6 daddr fd00:96::10 … dnat to [fd00:244:1::5]:8080 # handle 2 (verdict accept)
//   trace id cb4113a2 ip6 filter SUB verdict continue
//   trace id cb4113a2 ip6 filter FORWARD policy accept
// - the packet line comes before the first event of each base-chain walk, as in xtables-monitor;
// - a rule's verdict: accept, drop (also for reject), continue, jump CHAIN, goto CHAIN, return;
// - "verdict …" without a rule is the end of a user chain (a return event).
import {
  HOOKS,
  type Hook,
  type ParsedTrace,
  type TraceEvent,
  type TracePacket,
} from './xtables-trace.ts';

const FAMILIES: Readonly<Record<string, number>> = { ip: 2, ip6: 10, inet: 1, bridge: 7 };
const LINE = /^trace id ([0-9a-f]+) (\S+) (\S+) (\S+) (packet|rule|policy|verdict):? ?(.*)$/;
const RULE_END = /# handle (\d+) \(verdict ([^)]*)\)\s*$/;

function word(text: string, pattern: RegExp): string | undefined {
  return pattern.exec(text)?.[1];
}

/** The packet fields nft prints, under the names parsePacketFields gives xtables-monitor's. */
export function parseNftPacket(text: string): TracePacket {
  const num = (pattern: RegExp): number | null => {
    const v = word(text, pattern);
    return v === undefined ? null : Number(v);
  };
  const fields: Record<string, string> = {};
  const hops = word(text, /\bip6 hoplimit (\d+)/) ?? word(text, /\bip ttl (\d+)/);
  if (hops !== undefined) fields['TTL'] = hops;
  const flags = word(text, /\btcp flags == (\([^)]*\)|\S+)/);
  return {
    iif: word(text, /\biif "([^"]+)"/) ?? null,
    oif: word(text, /\boif "([^"]+)"/) ?? null,
    src: word(text, /\bip6? saddr (\S+)/) ?? null,
    dst: word(text, /\bip6? daddr (\S+)/) ?? null,
    sport: num(/\b(?:tcp|udp|sctp) sport (\d+)/),
    dport: num(/\b(?:tcp|udp|sctp) dport (\d+)/),
    tcpFlags:
      flags === undefined || flags.startsWith('0x')
        ? []
        : flags
            .replace(/[()]/g, '')
            .split('|')
            .map((f) => f.trim().toUpperCase()),
    mark: Number.parseInt(word(text, /\bmeta mark (0x[0-9a-f]+)/) ?? '0', 16),
    length: num(/\bip6 length (\d+)/),
    fields,
  };
}

function verdictOf(text: string): { verdict: string; target: string | null } {
  const [name = '', ...rest] = text.trim().split(/\s+/);
  return { verdict: name.toUpperCase(), target: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Parses `nft -a monitor` output. `extraBaseChains` names base chains whose names are not hook
 * names (the harness's own chains) so their events get a hook too.
 */
export function parseNftTrace(
  text: string,
  extraBaseChains: Readonly<Record<string, Hook>> = {},
): ParsedTrace {
  const events: TraceEvent[] = [];
  const unparsed: string[] = [];
  const pendingPacket = new Map<string, TracePacket>();
  const currentPacket = new Map<string, TracePacket>();
  const currentHook = new Map<string, Hook>();
  text.split('\n').forEach((raw, line) => {
    const m = LINE.exec(raw.trim());
    if (!m) {
      // table and chain events, generation lines: the monitor's own noise
      if (raw.trim().startsWith('trace id')) unparsed.push(raw);
      return;
    }
    const [, traceId = '', family = '', table = '', chain = '', kind = '', rest = ''] = m;
    if (kind === 'packet') {
      pendingPacket.set(traceId, parseNftPacket(rest));
      return;
    }
    const fresh = pendingPacket.get(traceId);
    if (fresh) {
      currentPacket.set(traceId, fresh);
      pendingPacket.delete(traceId);
    }
    const baseHook = (HOOKS as readonly string[]).includes(chain)
      ? (chain as Hook)
      : extraBaseChains[chain];
    if (baseHook) currentHook.set(traceId, baseHook);
    let handle: number | null = null;
    let verdict: { verdict: string; target: string | null };
    if (kind === 'rule') {
      const end = RULE_END.exec(rest);
      if (!end) {
        unparsed.push(raw);
        return;
      }
      handle = Number(end[1]);
      verdict = verdictOf(end[2] ?? '');
    } else if (kind === 'policy') verdict = verdictOf(rest);
    else verdict = { verdict: 'RETURN', target: null };
    events.push({
      traceId,
      family: FAMILIES[family] ?? 0,
      table,
      chain,
      type: kind === 'verdict' ? 'return' : (kind as 'rule' | 'policy'),
      hook: baseHook ?? currentHook.get(traceId) ?? null,
      handle,
      verdict: verdict.verdict,
      target: verdict.target,
      ruleText: null,
      packet: currentPacket.get(traceId) ?? null,
      line,
    });
  });
  return { events, unparsed };
}
