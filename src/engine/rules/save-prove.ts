/**
 * Proves that an iptables-save `-A` line prints back as written, without making any part of a
 * rule: the `print` command's copy of a canonical dump (save-copy.ts) asks this first for every
 * rule line, and only a line it cannot prove goes to the fast path's reader (readRuleWords).
 *
 * Why a second reader: the copy runs once, cold, in a fresh process. The fast path builds and
 * shares the parts of a model as it reads (addresses, comments, DNAT ranges, each looked up or
 * made), which the copy never uses, and V8 spends most of a cold run on that code. Here the
 * words that differ from rule to rule (addresses, comments, DNAT destinations, chain names,
 * interfaces) are
 * checked where they stand, character by character, against the one form iptables-save prints;
 * words that repeat (`-m tcp --dport 80`, `-j REJECT …`) are read once by the modules themselves
 * through the memo, as the fast path reads them. Anything else is not proven: IPv6, long option
 * names, `-g`, escapes, a comment outside printable ASCII, address ranges, unusual interface
 * names …
 *
 * It proves only what the fast path would also read as canonical, with no diagnostic: the
 * differential tests in save-prove.test.ts hold it to that on every fixture and random lines.
 */
import type { ChainTable } from './chain-table.ts';
import { ends, quoted, singleSpaced, splitWords, starts } from './save-words.ts';
import type { RuleMemo } from './rule-memo.ts';
import { moduleWordsAt, namedTarget, targetAllowed, wordsCanonical } from './save-fast-path.ts';
import { isCoreOptionAt } from './rule-parser.ts';
import { textAt } from './text-at.ts';
import { registry, isStandardTarget } from '../modules/registry.ts';
import { natPortsAllowed } from '../modules/target/nat-range.ts';
import { COMMENT_MAX } from '../modules/match/comment.ts';

const DASH = 45;
const BANG = 33;

// the line being proven, kept here so that its parts can be small functions of their own
let protocol: string | undefined;
let table = '';
let chainName = '';
let segment = 0;
let currentMemo: RuleMemo | undefined;
let currentChains: ChainTable | undefined;
/** where the chain the last proven line jumps to (-j) was declared; -1: no jump */
let jump = -1;
// the chain jumped to last, tried before the name is looked up (KUBE-MARK-MASQ again and again)
let lastJumpName = '';
let lastJump = -1;

/** Where the chain the line proven last jumps to was declared, or -1 when it jumps nowhere. */
export function provenJump(): number {
  return jump;
}

/**
 * Where the chain of the `-A` line at [from, to) of `raw` was declared in `chains`, when the line
 * is proven to be exactly what iptables-save prints for the rule it reads as, with nothing to
 * report (a jump's chain aside: the caller checks jumps, see provenJump); -1 otherwise (not a
 * disproof: the caller reads the line the fast path's way).
 */
export function proveRuleLine(
  raw: string,
  from: number,
  to: number,
  chains: ChainTable,
  memo: RuleMemo,
): number {
  if (memo.family !== 'ipv4') return -1;
  const count = splitWords(raw, from, to, memo);
  if (count < 4 || !singleSpaced || starts[0] !== from || ends[0] !== from + 2 || quoted[1])
    return -1;
  const chain = chains.positionAt(raw, starts[1]!, ends[1]!);
  if (chain < 0) return -1;
  if (currentChains !== chains) {
    currentChains = chains;
    lastJump = -1;
    lastJumpName = '';
  }
  currentMemo = memo;
  table = chains.table;
  chainName = chains.names[chain]!;
  protocol = undefined;
  segment = 0;
  jump = -1;
  let w = 2;
  // core options in iptables' order: [!] -s, [!] -d, [!] -i, [!] -o, -p
  w = address(raw, w, count, 115 /* s */);
  if (w < 0) return -1;
  w = address(raw, w, count, 100 /* d */);
  if (w < 0) return -1;
  w = interfaceWord(raw, w, count, 105 /* i */);
  if (w < 0) return -1;
  w = interfaceWord(raw, w, count, 111 /* o */);
  if (w < 0) return -1;
  w = protocolWord(raw, w, count);
  if (w < 0) return -1;
  // then matches, then the target as the last words
  while (w < count) {
    if (quoted[w] || ends[w]! - starts[w]! !== 2 || raw.charCodeAt(starts[w]!) !== DASH) return -1;
    const option = raw.charCodeAt(starts[w]! + 1);
    const end = groupEnd(raw, w + 1, count);
    if (end < 0) return -1;
    if (option === 109 /* m */) {
      if (!match(raw, w, end)) return -1;
    } else if (option === 106 /* j */) {
      return end === count && target(raw, w, end) ? chain : -1;
    } else return -1;
    w = end;
  }
  return -1; // no target: left to the reader (rare)
}

/** Where the words of the module named at v end: at the next `-m` or `-j`, or the line's end;
 * -1 when a core option or a `!` before one comes first (the reader knows those). */
function groupEnd(raw: string, v: number, count: number): number {
  if (v >= count || quoted[v]) return -1;
  let w = v + 1;
  while (w < count && (quoted[w] || !isCoreOptionAt(raw, starts[w]!, ends[w]!))) w++;
  if (w === count) return w;
  const s = starts[w]!;
  if (ends[w]! - s !== 2) return -1;
  const option = raw.charCodeAt(s + 1);
  return option === 109 || option === 106 ? w : -1;
}

/** `[!] -s ADDR` (or -d) at w, ADDR as iptables-save prints it: the word after it; w when the
 * option is not there; -1 when it is, written otherwise. */
function address(raw: string, w: number, count: number, letter: number): number {
  let at = w;
  if (at < count && ends[at]! - starts[at]! === 1 && raw.charCodeAt(starts[at]!) === BANG) at++;
  if (at + 1 >= count || !isShort(raw, at, letter)) return w; // not this option
  if (quoted[at + 1] || !canonicalCidrAt(raw, starts[at + 1]!, ends[at + 1]!)) return -1;
  return at + 2;
}

/** `[!] -i NAME` (or -o) at w, NAME as iptables-save prints it (letters, digits, `_ - . +`, the
 * wildcard `+` last only): the word after it; w when the option is not there; -1 otherwise. */
function interfaceWord(raw: string, w: number, count: number, letter: number): number {
  let at = w;
  if (at < count && ends[at]! - starts[at]! === 1 && raw.charCodeAt(starts[at]!) === BANG) at++;
  if (at + 1 >= count || !isShort(raw, at, letter)) return w;
  const s = starts[at + 1]!;
  const e = ends[at + 1]!;
  if (quoted[at + 1] || e - s > 15) return -1;
  for (let i = s; i < e; i++) {
    const c = raw.charCodeAt(i);
    if (!(isWordChar(c) || c === 46 /* . */ || (c === 43 /* + */ && i === e - 1))) return -1;
  }
  return at + 2;
}

/** `-p tcp` or `-p udp` at w: the next word; w when there is no -p; -1 for any other -p. */
function protocolWord(raw: string, w: number, count: number): number {
  if (w + 1 >= count || !isShort(raw, w, 112 /* p */)) return w;
  const s = starts[w + 1]!;
  const length = ends[w + 1]! - s;
  if (length === 3 && textAt(raw, s, 'tcp')) protocol = 'tcp';
  else if (length === 3 && textAt(raw, s, 'udp')) protocol = 'udp';
  else return -1;
  return w + 2;
}

function isShort(raw: string, w: number, letter: number): boolean {
  const s = starts[w]!;
  return (
    !quoted[w] &&
    ends[w]! - s === 2 &&
    raw.charCodeAt(s) === DASH &&
    raw.charCodeAt(s + 1) === letter
  );
}

const COMMENT_WORDS = '-m comment --comment ';

/** The match of words [w, end): a comment or a port checked in place, any other module by its
 * words. */
function match(raw: string, w: number, end: number): boolean {
  const s = starts[w]!;
  if (end === w + 4 && starts[w + 3]! - s === COMMENT_WORDS.length && textAt(raw, s, COMMENT_WORDS))
    return !quoted[w + 1] && !quoted[w + 2] && canonicalComment(raw, w + 3);
  if (end === w + 4 && destinationPort(raw, w)) {
    segment++; // the place the module would have taken (moduleWordsAt's slots)
    return true;
  }
  return moduleWords(raw, w, end, false);
}

const DPORT = '--dport';

/**
 * `-m tcp --dport N` (or udp) at w, under `-p` of that protocol, N a port as iptables-save prints
 * it (1–65535, no leading zero): a kube-proxy dump writes one per Service port and NodePort, over
 * a thousand different words, each of which the module would otherwise read on its own.
 */
function destinationPort(raw: string, w: number): boolean {
  if (protocol === undefined || quoted[w + 1] || quoted[w + 2] || quoted[w + 3]) return false;
  const ms = starts[w + 1]!;
  if (ends[w + 1]! - ms !== protocol.length || !textAt(raw, ms, protocol)) return false;
  const os = starts[w + 2]!;
  if (ends[w + 2]! - os !== DPORT.length || !textAt(raw, os, DPORT)) return false;
  const vs = starts[w + 3]!;
  const ve = ends[w + 3]!;
  if (ve - vs > 5 || raw.charCodeAt(vs) === 48 /* 0 */) return false;
  let port = 0;
  for (let i = vs; i < ve; i++) {
    const d = raw.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    port = port * 10 + d;
  }
  return port >= 1 && port <= 65535;
}

/** `-j NAME [words]` at w: a user chain or a verdict, DNAT checked in place, others by words.
 * (The caller declares no chain named as a target: see save-copy.ts.) */
function target(raw: string, w: number, end: number): boolean {
  const ns = starts[w + 1]!;
  const ne = ends[w + 1]!;
  const chain = jumpTarget(raw, ns, ne);
  if (chain >= 0) {
    jump = chain;
    return end === w + 2;
  }
  const named = namedTarget(raw, ns, ne, currentMemo!);
  if (!named.extension) return end === w + 2 && isStandardTarget(named.name);
  if (named.name === 'DNAT' && end === w + 4) return dnat(raw, w + 2);
  return moduleWords(raw, w, end, true);
}

/** Where the chain raw[from, to) was declared, or -1. */
function jumpTarget(raw: string, from: number, to: number): number {
  if (lastJump >= 0 && lastJumpName.length === to - from && textAt(raw, from, lastJumpName))
    return lastJump;
  const chain = currentChains!.find(raw, from, to);
  if (chain >= 0) {
    lastJump = chain;
    lastJumpName = currentChains!.names[chain]!;
  }
  return chain;
}

/** Words a module reads (the same few on thousands of rules): read once, through the memo. */
function moduleWords(raw: string, w: number, end: number, isTarget: boolean): boolean {
  const memo = currentMemo!;
  const context = memo.modulesFor(table, chainName, protocol);
  const entry = moduleWordsAt(raw, starts[w]!, ends[end - 1]!, segment++, context, chainName, memo);
  if (entry === undefined) return false;
  const module = entry.module;
  if (isTarget ? !targetAllowed(module, table, chainName) : module.kind !== 'match') return false;
  return wordsCanonical(entry, isTarget, raw, starts[w]!, ends[end - 1]!);
}

const TO_DESTINATION = '--to-destination';

/** `--to-destination A.B.C.D[:PORT]` at w, as iptables-save prints it, where DNAT may stand. */
function dnat(raw: string, w: number): boolean {
  const s = starts[w]!;
  if (quoted[w] || quoted[w + 1] || ends[w]! - s !== TO_DESTINATION.length) return false;
  if (!textAt(raw, s, TO_DESTINATION)) return false;
  const module = registry.targets.get('DNAT');
  if (module === undefined || !targetAllowed(module, table, chainName)) return false;
  const vs = starts[w + 1]!;
  const ve = ends[w + 1]!;
  const colon = raw.indexOf(':', vs);
  if (colon < 0 || colon >= ve) return ipv4At(raw, vs, ve) >= 0;
  return (
    ipv4At(raw, vs, colon) >= 0 &&
    natPortsAllowed({ protocol }) &&
    decimalAt(raw, colon + 1, ve, 65535) > 0
  );
}

/**
 * A comment's value word at w: iptables-save quotes it exactly when it has a character other
 * than a letter, digit, `_` or `-`; printable ASCII only here (no `"`: the split stops at one),
 * at most 255 bytes (the kernel's limit), not empty and not starting with a dash.
 */
function canonicalComment(raw: string, w: number): boolean {
  const isQuoted = quoted[w] === 1;
  const from = isQuoted ? starts[w]! + 1 : starts[w]!;
  const to = isQuoted ? ends[w]! - 1 : ends[w]!;
  if (to <= from || to - from > COMMENT_MAX || raw.charCodeAt(from) === DASH) return false;
  let plain = true; // letters, digits, _ and - only
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (c < 32 || c > 126) return false;
    if (plain && !isWordChar(c)) plain = false;
  }
  return isQuoted !== plain;
}

function isWordChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45
  );
}

/** An IPv4 network as iptables-save prints it: `A.B.C.D/LEN`, LEN 1 to 32, no host bits set. */
function canonicalCidrAt(raw: string, from: number, to: number): boolean {
  const slash = raw.indexOf('/', from);
  if (slash < 0 || slash >= to) return false;
  const address = ipv4At(raw, from, slash);
  const prefix = decimalAt(raw, slash + 1, to, 32);
  if (address < 0 || prefix < 1) return false;
  const hostBits = prefix === 32 ? 0 : 0xffffffff >>> prefix;
  return (address & hostBits) >>> 0 === 0;
}

/** The address of `A.B.C.D` at [from, to) as written by inet_ntoa (no leading zero), or -1. */
function ipv4At(raw: string, from: number, to: number): number {
  let value = 0;
  let at = from;
  for (let part = 0; part < 4; part++) {
    let stop = part === 3 ? to : raw.indexOf('.', at);
    if (stop < 0 || stop > to) stop = -1;
    if (stop < 0) return -1;
    const octet = decimalAt(raw, at, stop, 255);
    if (octet < 0) return -1;
    value = value * 256 + octet;
    at = stop + 1;
  }
  return value;
}

/** The number written at [from, to) in decimal with no leading zero, if at most max; else -1. */
function decimalAt(raw: string, from: number, to: number, max: number): number {
  const length = to - from;
  if (length < 1 || length > 5 || (length > 1 && raw.charCodeAt(from) === 48)) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  return n <= max ? n : -1;
}
