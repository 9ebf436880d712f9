/**
 * `iptables -L` text of the header matches and rewriting targets, turned back into the option
 * words iptables-save writes: `TTL match TTL != 5` → `-m ttl ! --ttl-eq 5`, `DSCP set 0x2e` →
 * `--set-dscp 0x2e`. The forms are those iptables 1.8.9 prints (list-extras.ts uses them).
 */
import type { ExtraWord } from './list-extras.ts';

type Recognise = (text: string, pos: number) => { end: number; words: ExtraWord[] } | undefined;
type TargetReader = (rest: string) => { words: ExtraWord[] } | undefined;

const w = (...texts: (string | false | undefined)[]): ExtraWord[] =>
  texts.filter((t): t is string => typeof t === 'string').map((text) => ({ text }));

/** A sticky regex that must end where a word ends. */
function re(pattern: RegExp, build: (m: RegExpExecArray) => ExtraWord[]): Recognise {
  const sticky = new RegExp(pattern.source, 'y');
  return (text, pos) => {
    sticky.lastIndex = pos;
    const m = sticky.exec(text);
    const end = sticky.lastIndex;
    if (!m || (end !== text.length && text.charCodeAt(end) !== 32)) return undefined;
    return { end, words: build(m) };
  };
}

const TTL_OPS: Readonly<Record<string, [string, boolean]>> = {
  '==': ['--ttl-eq', false],
  '!=': ['--ttl-eq', true],
  '<': ['--ttl-lt', false],
  '>': ['--ttl-gt', false],
};

export const HEADER_MATCHES: readonly Recognise[] = [
  re(/DSCP match (!?)(0x[0-9a-fA-F]+)/, (m) =>
    w('-m', 'dscp', m[1] === '!' && '!', '--dscp', m[2]),
  ),
  // iptables prints no space after "match"
  re(/tos match(!?)(0x[0-9a-fA-F]+\/0x[0-9a-fA-F]+)/, (m) =>
    w('-m', 'tos', m[1] === '!' && '!', '--tos', m[2]),
  ),
  re(/TTL match TTL (==|!=|<|>) (\d+)/, (m) => {
    const [opt, neg] = TTL_OPS[m[1]!]!;
    return w('-m', 'ttl', neg && '!', opt, m[2]);
  }),
  re(/ECN match((?: !?(?:ECE|CWR|ECT=\d))+)/, (m) => {
    const out = w('-m', 'ecn');
    for (const part of m[1]!.trim().split(' ')) {
      const neg = part.startsWith('!');
      const name = neg ? part.slice(1) : part;
      if (name === 'ECE') out.push(...w(neg && '!', '--ecn-tcp-ece'));
      else if (name === 'CWR') out.push(...w(neg && '!', '--ecn-tcp-cwr'));
      else out.push(...w(neg && '!', '--ecn-ip-ect', name.slice(4)));
    }
    return out;
  }),
];

const ECN_PARTS: readonly [RegExp, string][] = [
  [/^ECE=(\d)$/, '--ecn-tcp-ece'],
  [/^CWR=(\d)$/, '--ecn-tcp-cwr'],
  [/^codepoint=(\d)$/, '--ecn-ip-ect'],
];

function ecnTarget(rest: string): { words: ExtraWord[] } | undefined {
  if (rest === 'ECN TCP remove') return { words: w('--ecn-tcp-remove') };
  if (!rest.startsWith('ECN ')) return undefined;
  const out: ExtraWord[] = [];
  // "ECT codepoint=1" is one part written as two words
  for (const part of rest.slice(4).replace('ECT codepoint=', 'codepoint=').split(' ')) {
    const hit = ECN_PARTS.map(([r, opt]) => [r.exec(part), opt] as const).find(([m]) => m);
    if (!hit) return undefined;
    out.push(...w(hit[1], hit[0]![1]));
  }
  return { words: out };
}

const one =
  (pattern: RegExp, build: (m: RegExpExecArray) => ExtraWord[]): TargetReader =>
  (rest) => {
    const m = pattern.exec(rest);
    return m ? { words: build(m) } : undefined;
  };

export const HEADER_TARGETS: Readonly<Record<string, TargetReader>> = {
  DSCP: one(/^DSCP set (0x[0-9a-fA-F]+)$/, (m) => w('--set-dscp', m[1])),
  TOS: one(/^TOS set (\S+)$/, (m) => w('--set-tos', m[1])),
  TTL: one(/^TTL (set to|decrement by|increment by) (\d+)$/, (m) =>
    w(m[1] === 'set to' ? '--ttl-set' : m[1] === 'decrement by' ? '--ttl-dec' : '--ttl-inc', m[2]),
  ),
  ECN: ecnTarget,
  CLASSIFY: one(/^CLASSIFY set ([0-9a-fA-F]+:[0-9a-fA-F]+)$/, (m) => w('--set-class', m[1])),
  CHECKSUM: one(/^CHECKSUM fill$/, () => w('--checksum-fill')),
};
