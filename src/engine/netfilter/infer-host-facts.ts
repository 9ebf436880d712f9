/**
 * Which guessed host facts a trace turned on: the routing decisions (an address that made the
 * packet local, the route or connected subnet it left by, ip_forward) and `-m addrtype` tests
 * (an address counted as local, or not). Only facts still as guessed are answered: the dump
 * workspace says of each that it decided the result, and goes to it in the Host tab.
 */
import type { HostDocument, HostGuess } from './infer-host.ts';
import { inPrefix, networkOf, formatPrefix, parseIPv4, parsePrefix } from './ipv4.ts';
import type { RouteStep, TraceStep } from './trace.ts';

export type GuessedFact =
  /** `iface` has `address`: the packet was for this host (route) or local to addrtype */
  | { kind: 'address'; by: 'route' | 'addrtype'; iface: string; address: string; path: string }
  /** packets to `net` leave by `iface`, whose address is guessed */
  | { kind: 'connected'; iface: string; address: string; net: string; path: string }
  | { kind: 'default-route'; via: string; dev: string; path: string }
  /** `address` is none of the host's (guessed) addresses */
  | { kind: 'not-local'; by: 'addrtype'; address: string; path: 'interfaces' }
  | { kind: 'forwarding'; on: boolean; path: 'ipForward' };

interface Place {
  iface: string;
  index: number;
  text: string;
}

class Facts {
  readonly out: GuessedFact[] = [];
  private readonly seen = new Set<string>();
  private readonly guessed: Set<string>;
  /** every address in the host is a guessed one: its absences are guesses too */
  readonly onlyGuessed: boolean;

  constructor(
    readonly doc: HostDocument,
    readonly guesses: readonly HostGuess[],
  ) {
    this.guessed = new Set(guesses.map((g) => `${g.subject} ${g.value}`));
    this.onlyGuessed = doc.interfaces.every((i) =>
      i.addresses.every((a) => this.guessed.has(`${i.name} ${a}`)),
    );
  }

  isGuessed(subject: string, value: string): boolean {
    return this.guessed.has(`${subject} ${value}`);
  }

  add(f: GuessedFact): void {
    const key = JSON.stringify(f);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.out.push(f);
  }

  /** the interface address that is `addr` itself */
  own(addr: number): Place | undefined {
    for (const [index, i] of this.doc.interfaces.entries())
      for (const text of i.addresses)
        if (parsePrefix(text)?.address === addr) return { iface: i.name, index, text };
    return undefined;
  }

  addAddress(by: 'route' | 'addrtype', p: Place): void {
    if (this.isGuessed(p.iface, p.text))
      this.add({
        kind: 'address',
        by,
        iface: p.iface,
        address: p.text,
        path: `interfaces[${p.index}].addresses`,
      });
  }
}

/** The connected subnet or route the kernel picks for `dst` by `dev` (routing.ts's order). */
function routeBy(f: Facts, dst: number, dev: string): void {
  let best: { prefix: number; connected: boolean; fact: GuessedFact | null } | null = null;
  const better = (prefix: number, connected: boolean) =>
    !best || prefix > best.prefix || (prefix === best.prefix && connected && !best.connected);
  f.doc.interfaces.forEach((i, index) => {
    if (i.name === 'lo') return;
    for (const text of i.addresses) {
      const p = parsePrefix(text);
      if (!p || !inPrefix(dst, p) || !better(p.prefix, true)) continue;
      const net = formatPrefix({ address: networkOf(p), prefix: p.prefix });
      const fact: GuessedFact | null =
        i.name === dev && f.isGuessed(i.name, text)
          ? {
              kind: 'connected',
              iface: i.name,
              address: text,
              net,
              path: `interfaces[${index}].addresses`,
            }
          : null;
      best = { prefix: p.prefix, connected: true, fact };
    }
  });
  f.doc.routes.forEach((r, index) => {
    const p = r.to === 'default' ? { address: 0, prefix: 0 } : parsePrefix(r.to);
    if (!p || !inPrefix(dst, p) || !better(p.prefix, false)) return;
    const guessed =
      r.to === 'default' &&
      r.dev === dev &&
      r.via !== undefined &&
      f.isGuessed('default', `via ${r.via} dev ${r.dev}`);
    best = {
      prefix: p.prefix,
      connected: false,
      fact: guessed
        ? { kind: 'default-route', via: r.via ?? '', dev: r.dev, path: `routes[${index}]` }
        : null,
    };
  });
  const fact = (best as { fact: GuessedFact | null } | null)?.fact;
  if (fact) f.add(fact);
}

function fromRoute(f: Facts, s: RouteStep): void {
  const dst = parseIPv4(s.packet.dst);
  if (dst === undefined) return;
  if (s.decision === 'local') {
    const p = f.own(dst);
    if (p) f.addAddress('route', p);
  } else if (
    (s.decision === 'forward' || s.decision === 'output' || s.decision === 'reroute') &&
    s.outInterface
  ) {
    routeBy(f, dst, s.outInterface);
  }
  if (s.decision === 'forward' || s.decision === 'no-forwarding') {
    const on = s.decision === 'forward';
    if (
      f.doc.ipForward === on &&
      f.guesses.some((g) => g.kind === (on ? 'forwarding' : 'no-forwarding'))
    )
      f.add({ kind: 'forwarding', on, path: 'ipForward' });
  }
}

/** Quoted text (a comment) left out, so that only the rule's own options are read. */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const ADDRTYPE = /(?:^|\s)(!\s+)?--(src|dst)-type\s+(\S+)/g;

/** The addresses a rule's `-m addrtype … LOCAL` looked at: `src`, `dst` or both. */
function addrtypeLocal(ruleText: string): ('src' | 'dst')[] {
  const text = ruleText.replace(QUOTED, '""');
  if (!/(^|\s)-m addrtype(\s|$)/.test(text)) return [];
  const out: ('src' | 'dst')[] = [];
  for (const m of text.matchAll(ADDRTYPE))
    if (m[3]?.split(',').includes('LOCAL')) out.push(m[2] as 'src' | 'dst');
  return out;
}

function fromRule(f: Facts, s: Extract<TraceStep, { kind: 'rule' }>): void {
  // a rule that failed before its addrtype match never asked it
  if (!s.matched && !(s.failed?.part === 'match' && s.failed.module === 'addrtype')) return;
  for (const side of addrtypeLocal(s.ruleText)) {
    const text = side === 'src' ? s.packet.src : s.packet.dst;
    const addr = parseIPv4(text);
    if (addr === undefined) continue;
    const p = f.own(addr);
    if (p) f.addAddress('addrtype', p);
    else if (f.onlyGuessed)
      f.add({ kind: 'not-local', by: 'addrtype', address: text, path: 'interfaces' });
  }
}

/** The guessed facts `steps` turned on, in the order the trace met them. */
export function guessedFactsBehind(
  steps: readonly TraceStep[],
  doc: HostDocument,
  guesses: readonly HostGuess[],
): GuessedFact[] {
  const f = new Facts(doc, guesses);
  for (const s of steps)
    if (s.kind === 'route') fromRoute(f, s);
    else if (s.kind === 'rule') fromRule(f, s);
  return f.out;
}
