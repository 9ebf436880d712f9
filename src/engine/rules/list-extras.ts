/**
 * Reads back the trailing column of `iptables -L` — the text each match and target extension
 * prints (`tcp dpt:80`, `/* comment *\/`, `MARK or 0x4000`, `to:10.0.0.1:80`) — and turns it into
 * the option words iptables-save would have written (`-m tcp --dport 80`), so the ordinary rule
 * parser can read them. The forms are those iptables 1.8.9 prints, with and without -n. What is
 * not recognised is handed back as lossy text.
 */
import { HEADER_MATCHES, HEADER_TARGETS } from './list-extras-header.ts';

export interface ExtraWord {
  text: string;
  /** free text (a comment, a log prefix): never read as `!` or as an option */
  quoted?: true;
}

export interface ExtraPiece {
  /** offsets into the trailing text */
  start: number;
  end: number;
  words: ExtraWord[];
}

export interface ExtrasResult {
  goto: boolean;
  /** one piece per match: `-m NAME OPTIONS…` */
  matches: ExtraPiece[];
  /** the target's options, when its text was recognised */
  target?: ExtraPiece & { rename?: string };
  /** text no recogniser understood */
  lossy: { start: number; end: number; text: string }[];
}

type Recognise = (text: string, pos: number) => { end: number; words: ExtraWord[] } | undefined;

const w = (...texts: (string | false | undefined)[]): ExtraWord[] =>
  texts.filter((t): t is string => typeof t === 'string').map((text) => ({ text }));
const free = (text: string): ExtraWord => ({ text, quoted: true });
const atBoundary = (text: string, end: number) =>
  end === text.length || text.charCodeAt(end) === 32;

/** A recogniser from a sticky regex; it must end where a word ends. */
function re(pattern: RegExp, build: (m: RegExpExecArray) => ExtraWord[] | undefined): Recognise {
  const sticky = new RegExp(pattern.source, 'y');
  return (text, pos) => {
    sticky.lastIndex = pos;
    const m = sticky.exec(text);
    if (!m || !atBoundary(text, sticky.lastIndex)) return undefined;
    const words = build(m);
    return words ? { end: sticky.lastIndex, words } : undefined;
  };
}

/** A recogniser for a module that prints several parts, each with its own option. */
function parts(
  head: string | undefined,
  module: string,
  part: RegExp,
  build: (m: RegExpExecArray) => ExtraWord[] | undefined,
): Recognise {
  const sticky = new RegExp(part.source, 'y');
  return (text, pos) => {
    let at = pos;
    let needSpace = false;
    if (head !== undefined) {
      if (!text.startsWith(head, at) || !atBoundary(text, at + head.length)) return undefined;
      at += head.length;
      needSpace = true;
    }
    const words = w('-m', module);
    let found = 0;
    for (;;) {
      if (needSpace && text.charCodeAt(at) !== 32) break;
      sticky.lastIndex = needSpace ? at + 1 : at;
      const m = sticky.exec(text);
      const built = m && atBoundary(text, sticky.lastIndex) ? build(m) : undefined;
      if (!built) break;
      words.push(...built);
      at = sticky.lastIndex;
      found++;
      needSpace = true;
    }
    if (found === 0 && head === undefined) return undefined;
    return { end: at, words };
  };
}

const TCP_FLAGS: readonly [string, number][] = [
  ['FIN', 1],
  ['SYN', 2],
  ['RST', 4],
  ['PSH', 8],
  ['ACK', 16],
  ['URG', 32],
];

function flagNames(text: string): string | undefined {
  if (/^0x[0-9a-fA-F]+$/.test(text)) {
    const v = parseInt(text.slice(2), 16);
    const names = TCP_FLAGS.filter(([, bit]) => v & bit).map(([n]) => n);
    return names.length ? names.join(',') : 'NONE';
  }
  return /^[A-Z,]+$/.test(text) ? text : undefined;
}

/** `spt:80`, `dpts:!1024:65535`, `option=2`, `flags:0x17/0x02` after `tcp` or `udp`. */
function portMatch(proto: 'tcp' | 'udp'): Recognise {
  const flags = proto === 'tcp' ? '|flags:!?\\S+/\\S+|option=!?\\d+' : '';
  return parts(proto, proto, new RegExp(`(spts?|dpts?):(!?)(\\S+)${flags}`), (m) => {
    const word = m[0];
    if (word.startsWith('flags:')) {
      const body = word.slice(6);
      const neg = body.startsWith('!');
      const [mask, comp] = (neg ? body.slice(1) : body).split('/');
      const a = flagNames(mask ?? '');
      const b = flagNames(comp ?? '');
      return a && b ? w(neg && '!', '--tcp-flags', a, b) : undefined;
    }
    if (word.startsWith('option=')) {
      const v = word.slice(7);
      return v.startsWith('!') ? w('!', '--tcp-option', v.slice(1)) : w('--tcp-option', v);
    }
    const opt = m[1]!.startsWith('s') ? '--sport' : '--dport';
    return w(m[2] === '!' && '!', opt, m[3]);
  });
}

const CONNTRACK_PART =
  /(! )?ct(state|status|proto|dir|origsrc|origdst|replsrc|repldst|origsrcport|origdstport|replsrcport|repldstport|expire) (\S+)/;

/** `/* text *\/`; a comment holding ` *\/` ends at the first close that something known follows. */
function comment(
  text: string,
  pos: number,
  known: (pos: number) => boolean,
): { end: number; words: ExtraWord[] } | undefined {
  if (!text.startsWith('/* ', pos)) return undefined;
  let first: number | undefined;
  for (
    let close = text.indexOf(' */', pos + 2);
    close >= 0;
    close = text.indexOf(' */', close + 1)
  ) {
    const end = close + 3;
    if (!atBoundary(text, end)) continue;
    first ??= end;
    if (end === text.length || known(end + 1))
      return { end, words: [...w('-m', 'comment', '--comment'), free(text.slice(pos + 3, close))] };
  }
  if (first === undefined) return undefined;
  return {
    end: first,
    words: [...w('-m', 'comment', '--comment'), free(text.slice(pos + 3, first - 3))],
  };
}

const ICMP_ANY = '255';

const MATCHES: readonly Recognise[] = [
  ...HEADER_MATCHES,
  portMatch('tcp'),
  portMatch('udp'),
  re(/icmptype (\d+)(?: code (\d+))?/, (m) =>
    w('-m', 'icmp', '--icmp-type', m[1] === ICMP_ANY ? 'any' : m[2] ? `${m[1]}/${m[2]}` : m[1]),
  ),
  re(/icmp !type (\d+)(?: code (\d+))?/, (m) =>
    w('-m', 'icmp', '!', '--icmp-type', m[2] ? `${m[1]}/${m[2]}` : m[1]),
  ),
  re(/icmp (!?)([a-z][a-z-]*)/, (m) => w('-m', 'icmp', m[1] === '!' && '!', '--icmp-type', m[2])),
  re(/multiport (sports|dports|ports) ( !|)(\S+)/, (m) =>
    w('-m', 'multiport', m[2] === ' !' && '!', `--${m[1]}`, m[3]),
  ),
  re(/statistic mode random( !)? probability (\S+)/, (m) =>
    w('-m', 'statistic', '--mode', 'random', m[1] && '!', '--probability', m[2]),
  ),
  re(/statistic mode nth( !)? every (\d+)(?: packet (\d+))?/, (m) =>
    w('-m', 'statistic', '--mode', 'nth', m[1] && '!', '--every', m[2], '--packet', m[3] ?? '0'),
  ),
  re(/mark match (! )?(\S+)/, (m) => w('-m', 'mark', m[1] && '!', '--mark', m[2])),
  re(/connmark match (! | )(\S+)/, (m) =>
    w('-m', 'connmark', m[1] === '! ' && '!', '--mark', m[2]),
  ),
  parts(undefined, 'conntrack', CONNTRACK_PART, (m) => w(m[1] && '!', `--ct${m[2]}`, m[3])),
  re(/(! )?state (\S+)/, (m) => w('-m', 'state', m[1] && '!', '--state', m[2])),
  parts('ADDRTYPE match', 'addrtype', /(src-type|dst-type) (!?)(\S+)|limit-(in|out)/, (m) =>
    m[4] ? w(`--limit-iface-${m[4]}`) : w(m[2] === '!' && '!', `--${m[1]}`, m[3]),
  ),
  re(
    /(! )?match-set (\S+) (\S+)((?: return-nomatch| ! update-counters| ! update-subcounters)*)/,
    (m) => {
      const extra = m[4] ?? '';
      return w(
        '-m',
        'set',
        m[1] && '!',
        '--match-set',
        m[2],
        m[3],
        extra.includes('return-nomatch') && '--return-nomatch',
        extra.includes('update-counters') && '!',
        extra.includes('update-counters') && '--update-counters',
        extra.includes('update-subcounters') && '!',
        extra.includes('update-subcounters') && '--update-subcounters',
      );
    },
  ),
  parts(
    'PHYSDEV match',
    'physdev',
    /(! )?(--physdev-(?:in|out)) (\S+)|(! )?(--physdev-is-(?:in|out|bridged))/,
    (m) => (m[2] ? w(m[1] && '!', m[2], m[3]) : w(m[4] && '!', m[5])),
  ),
  re(/MAC (! )?([0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5})/, (m) =>
    w('-m', 'mac', m[1] && '!', '--mac-source', m[2]),
  ),
  re(/limit: avg (\S+) burst (\d+)/, (m) =>
    w('-m', 'limit', '--limit', m[1], m[2] !== '5' && '--limit-burst', m[2] !== '5' && m[2]),
  ),
  parts(undefined, 'iprange', /(source|destination) IP range (! )?(\S+)/, (m) =>
    w(m[2] && '!', m[1] === 'source' ? '--src-range' : '--dst-range', m[3]),
  ),
  re(/PKTTYPE (!?)= (\S+)/, (m) => w('-m', 'pkttype', m[1] === '!' && '!', '--pkt-type', m[2])),
  re(/length (!?)(\d+(?::\d+)?)/, (m) => w('-m', 'length', m[1] === '!' && '!', '--length', m[2])),
  parts('socket', 'socket', /--(?:transparent|nowildcard|restore-skmark)/, (m) => w(m[0])),
  parts(undefined, 'owner', /(! )?owner (?:(UID|GID) match (\S+)|socket exists)/, (m) =>
    m[2]
      ? w(m[1] && '!', m[2] === 'UID' ? '--uid-owner' : '--gid-owner', m[3])
      : w(m[1] && '!', '--socket-exists'),
  ),
  parts('rpfilter', 'rpfilter', /loose|validmark|accept-local|invert/, (m) => w(`--${m[0]}`)),
];

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

/** `set|xset|and|or|xor VALUE[/MASK]` as MARK and CONNMARK print it → `--set-xmark VALUE/MASK`. */
function xmark(op: string, value: string, mask: string | undefined): ExtraWord[] | undefined {
  const v = parseInt(value.slice(2), 16);
  const m = mask === undefined ? undefined : parseInt(mask.slice(2), 16);
  if (!Number.isFinite(v) || (mask !== undefined && !Number.isFinite(m))) return undefined;
  switch (op) {
    case 'set':
      return w('--set-xmark', `${hex(v)}/0xffffffff`);
    case 'xset':
      return m === undefined ? undefined : w('--set-xmark', `${hex(v)}/${hex(m)}`);
    case 'and':
      return w('--set-xmark', `0x0/${hex(~v)}`);
    case 'or':
      return w('--set-xmark', `${hex(v)}/${hex(v)}`);
    case 'xor':
      return w('--set-xmark', `${hex(v)}/0x0`);
  }
  return undefined;
}

const LOG_LEVELS: Readonly<Record<string, string>> = {
  emerg: '0',
  alert: '1',
  crit: '2',
  err: '3',
  error: '3',
  warning: '4',
  warn: '4',
  notice: '5',
  info: '6',
  debug: '7',
};
const LOG_FLAGS: readonly [string, number][] = [
  ['tcp-sequence', 1],
  ['tcp-options', 2],
  ['ip-options', 4],
  ['uid', 8],
  ['macdecode', 32],
];

function logWords(level: string, flags: number, prefix: string | undefined): ExtraWord[] {
  const out: ExtraWord[] = [];
  if (prefix !== undefined && prefix !== '') out.push(...w('--log-prefix'), free(prefix));
  if (level !== '4') out.push(...w('--log-level', level));
  for (const [name, bit] of LOG_FLAGS) if (flags & bit) out.push(...w(`--log-${name}`));
  return out;
}

type TargetReader = (rest: string) => { words: ExtraWord[]; rename?: string } | undefined;

function natFlags(words: string[], allowed: readonly string[]): ExtraWord[] | undefined {
  const out: ExtraWord[] = [];
  for (const x of words) {
    if (!allowed.includes(x)) return undefined;
    out.push({ text: `--${x}` });
  }
  return out;
}

function natTarget(option: string, allowed: readonly string[]): TargetReader {
  return (rest) => {
    const words = rest.split(' ');
    const first = words[0] ?? '';
    if (!first.startsWith('to:')) return undefined;
    const flags = natFlags(words.slice(1), allowed);
    return flags ? { words: [...w(option, first.slice(3)), ...flags] } : undefined;
  };
}

function portsTarget(head: readonly string[]): TargetReader {
  return (rest) => {
    const words = rest.split(' ');
    const out: ExtraWord[] = [];
    let i = 0;
    if (head.every((h, k) => words[k] === h) && words[head.length]) {
      out.push(...w('--to-ports', words[head.length]));
      i = head.length + 1;
    }
    const flags = natFlags(words.slice(i), ['random', 'random-fully']);
    return flags && (out.length || flags.length) ? { words: [...out, ...flags] } : undefined;
  };
}

const CT_VALUE_KEYS = [
  'helper',
  'timeout',
  'ctevents',
  'expevents',
  'zone',
  'zone-orig',
  'zone-reply',
];

const TARGETS: Readonly<Record<string, TargetReader>> = {
  ...HEADER_TARGETS,
  REJECT: (rest) => {
    const m = /^reject-with (\S+)$/.exec(rest);
    return m ? { words: w('--reject-with', m[1]) } : undefined;
  },
  LOG: (rest) => {
    const n = /^LOG flags (\d+) level (\d+)(?: prefix "(.*)")?$/.exec(rest);
    if (n) return { words: logWords(n[2]!, Number(n[1]), n[3]) };
    const named =
      /^LOG level (\S+)((?: (?:tcp-sequence|tcp-options|ip-options|uid|macdecode))*)(?: prefix "(.*)")?$/.exec(
        rest,
      );
    if (!named) return undefined;
    const level = LOG_LEVELS[named[1]!] ?? named[1]!;
    let flags = 0;
    for (const [name, bit] of LOG_FLAGS)
      if ((named[2] ?? '').split(' ').includes(name)) flags |= bit;
    return { words: logWords(level, flags, named[3]) };
  },
  NFLOG: (rest) => {
    const out: ExtraWord[] = [];
    const sticky = /(?:^| )nflog-(prefix|group|range|size|threshold) (\S+)/y;
    let at = 0;
    while (at < rest.length) {
      sticky.lastIndex = at;
      const m = sticky.exec(rest);
      if (!m) return undefined;
      out.push(...w(`--nflog-${m[1]}`), m[1] === 'prefix' ? free(m[2]!) : { text: m[2]! });
      at = sticky.lastIndex;
    }
    return out.length ? { words: out } : undefined;
  },
  DNAT: natTarget('--to-destination', ['random', 'persistent']),
  SNAT: natTarget('--to-source', ['random', 'random-fully', 'persistent']),
  MASQUERADE: portsTarget(['masq', 'ports:']),
  REDIRECT: portsTarget(['redir', 'ports']),
  MARK: (rest) => {
    const m = /^MARK (set|xset|and|or|xor) (0x[0-9a-fA-F]+)(?:\/(0x[0-9a-fA-F]+))?$/.exec(rest);
    const words = m ? xmark(m[1]!, m[2]!, m[3]) : undefined;
    return words ? { words } : undefined;
  },
  CONNMARK: (rest) => {
    const m = /^CONNMARK (set|xset|and|or|xor) (0x[0-9a-fA-F]+)(?:\/(0x[0-9a-fA-F]+))?$/.exec(rest);
    if (m) {
      const words = xmark(m[1]!, m[2]!, m[3]);
      return words ? { words } : undefined;
    }
    const sr =
      /^CONNMARK (save|restore)(?: mask (0x[0-9a-fA-F]+)| nfmask (0x[0-9a-fA-F]+) ctmask ~(0x[0-9a-fA-F]+))?$/.exec(
        rest,
      );
    if (!sr) return undefined;
    const nf = sr[2] ?? sr[3] ?? '0xffffffff';
    const ct = sr[2] ?? sr[4] ?? '0xffffffff';
    return { words: w(`--${sr[1]}-mark`, '--nfmask', nf, '--ctmask', ct) };
  },
  TCPMSS: (rest) => {
    if (rest === 'TCPMSS clamp to PMTU') return { words: w('--clamp-mss-to-pmtu') };
    const m = /^TCPMSS set (\d+)$/.exec(rest);
    return m ? { words: w('--set-mss', m[1]) } : undefined;
  },
  TPROXY: (rest) => {
    const m = /^TPROXY redirect (\S+):(\d+) mark (0x[0-9a-fA-F]+\/0x[0-9a-fA-F]+)$/.exec(rest);
    return m ? { words: w('--on-port', m[2], '--on-ip', m[1], '--tproxy-mark', m[3]) } : undefined;
  },
  CT: (rest) => {
    if (rest === 'NOTRACK') return { words: [], rename: 'NOTRACK' };
    const words = rest.split(' ');
    if (words[0] !== 'CT') return undefined;
    const out: ExtraWord[] = [];
    for (let i = 1; i < words.length; i++) {
      const k = words[i]!;
      if (k === 'notrack') out.push(...w('--notrack'));
      else if (CT_VALUE_KEYS.includes(k) && words[i + 1] !== undefined)
        out.push(...w(`--${k}`, words[++i]));
      else return undefined;
    }
    return { words: out };
  },
};

/**
 * Splits the trailing text of one `iptables -L` row into matches, the target's options and what
 * stays lossy. `target` is the row's target column (it decides how the target's text reads).
 */
export function readListExtras(text: string, target: string | undefined): ExtrasResult {
  const result: ExtrasResult = { goto: false, matches: [], lossy: [] };
  let pos = 0;
  const skip = () => {
    while (text.charCodeAt(pos) === 32) pos++;
  };
  skip();
  if (text.startsWith('[goto]', pos) && atBoundary(text, pos + 6)) {
    result.goto = true;
    pos += 6;
    skip();
  }
  const readTarget = target ? TARGETS[target] : undefined;
  const targetAt = (at: number) => readTarget?.(text.slice(at).trimEnd());
  const tryMatch = (at: number): { end: number; words: ExtraWord[] } | undefined => {
    for (const r of MATCHES) {
      const hit = r(text, at);
      if (hit) return hit;
    }
    return comment(text, at, (p) => tryMatch(p) !== undefined || targetAt(p) !== undefined);
  };
  let lossyStart = -1;
  let lossyEnd = -1;
  const flushLossy = () => {
    if (lossyStart < 0) return;
    result.lossy.push({ start: lossyStart, end: lossyEnd, text: text.slice(lossyStart, lossyEnd) });
    lossyStart = -1;
  };
  while (pos < text.length) {
    const hit = tryMatch(pos);
    if (hit) {
      flushLossy();
      result.matches.push({ start: pos, end: hit.end, words: hit.words });
      pos = hit.end;
      skip();
      continue;
    }
    const t = targetAt(pos);
    if (t) {
      flushLossy();
      result.target = {
        start: pos,
        end: text.trimEnd().length,
        words: t.words,
        ...(t.rename ? { rename: t.rename } : {}),
      };
      break;
    }
    if (lossyStart < 0) lossyStart = pos;
    while (pos < text.length && text.charCodeAt(pos) !== 32) pos++;
    lossyEnd = pos;
    skip();
  }
  flushLossy();
  return result;
}
