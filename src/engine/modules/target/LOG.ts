/**
 * `-j LOG`: writes a kernel log line for the packet and goes on with the next rule. iptables-save
 * prints the level as a number and leaves out the default (4, warning); `-L` always shows
 * `flags N level N`, the flags being the bits of the --log-* switches.
 */
import { quoteWord } from '../../rules/model-face.ts';
import { defineTarget } from '../types.ts';
import { parseUint, utf8Length } from '../values.ts';
import { reportRepeated } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { free, w, type ExtraWord, type ListTargetReader } from '../list-text.ts';

export interface LogData {
  /** syslog level 0 (emerg) … 7 (debug) */
  level: number;
  prefix: string;
  tcpSequence: boolean;
  tcpOptions: boolean;
  ipOptions: boolean;
  uid: boolean;
  macDecode: boolean;
}

export const LOG_DEFAULT_LEVEL = 4;
/** The kernel's prefix holds 29 bytes and a NUL; iptables cuts a longer one. */
const PREFIX_MAX = 29;

/** The names libxtables reads (not syslog's full list: `err` and `warn` are refused). */
const LEVEL_NAMES: ReadonlyMap<string, number> = new Map([
  ['alert', 1],
  ['crit', 2],
  ['debug', 7],
  ['emerg', 0],
  ['error', 3],
  ['info', 6],
  ['notice', 5],
  ['panic', 0],
  ['warning', 4],
]);

const FLAG_OPTIONS = [
  ['log-tcp-sequence', 'tcpSequence', 1],
  ['log-tcp-options', 'tcpOptions', 2],
  ['log-ip-options', 'ipOptions', 4],
  ['log-uid', 'uid', 8],
  ['log-macdecode', 'macDecode', 32],
] as const;

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function cutBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (utf8Length(out + ch) > max) break;
    out += ch;
  }
  return out;
}

const evaluate: TargetEvaluator<LogData> = (d, ctx) => {
  ctx.note(`LOG level ${d.level}${d.prefix ? ` prefix "${d.prefix}"` : ''}`);
  return CONTINUE;
};

const LOG_LEVEL_NUMBERS: Readonly<Record<string, string>> = {
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

/** `LOG flags N level N prefix "…"` (-n) or `LOG level NAME FLAG… prefix "…"`. */
const readList: ListTargetReader = (rest) => {
  const n = /^LOG flags (\d+) level (\d+)(?: prefix "(.*)")?$/.exec(rest);
  if (n) return { words: logWords(n[2]!, Number(n[1]), n[3]) };
  const named =
    /^LOG level (\S+)((?: (?:tcp-sequence|tcp-options|ip-options|uid|macdecode))*)(?: prefix "(.*)")?$/.exec(
      rest,
    );
  if (!named) return undefined;
  const level = LOG_LEVEL_NUMBERS[named[1]!] ?? named[1]!;
  let flags = 0;
  for (const [name, bit] of LOG_FLAGS) if ((named[2] ?? '').split(' ').includes(name)) flags |= bit;
  return { words: logWords(level, flags, named[3]) };
};

export const log = defineTarget<LogData>({
  name: 'LOG',
  evaluate,
  readList,
  flow: 'continue',
  options: [
    { name: 'log-level', args: 1 },
    { name: 'log-prefix', args: 1 },
    { name: 'log-tcp-sequence', args: 0 },
    { name: 'log-tcp-options', args: 0 },
    { name: 'log-ip-options', args: 0 },
    { name: 'log-uid', args: 0 },
    { name: 'log-macdecode', args: 0 },
  ],
  parse(options, ctx) {
    reportRepeated('LOG', options, ctx);
    const data: LogData = {
      level: LOG_DEFAULT_LEVEL,
      prefix: '',
      tcpSequence: false,
      tcpOptions: false,
      ipOptions: false,
      uid: false,
      macDecode: false,
    };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      if (o.name === 'log-level') {
        const level = parseUint(arg, 7) ?? LEVEL_NAMES.get(arg);
        if (level === undefined)
          ctx.report(
            'bad-value',
            `log level "${arg}" is not 0-7 or one of ${[...LEVEL_NAMES.keys()].join(', ')}`,
            o.span,
          );
        else data.level = level;
      } else if (o.name === 'log-prefix') {
        if (arg === '')
          ctx.report('bad-value', '--log-prefix needs at least one character', o.span);
        else if (arg.includes('\n'))
          ctx.report('bad-value', '--log-prefix cannot contain a newline', o.span);
        else if (utf8Length(arg) > PREFIX_MAX) {
          data.prefix = cutBytes(arg, PREFIX_MAX);
          ctx.report(
            'bad-value',
            `--log-prefix is longer than ${PREFIX_MAX} bytes: iptables keeps only "${data.prefix}"`,
            o.span,
            'warning',
          );
        } else data.prefix = arg;
      } else {
        const flag = FLAG_OPTIONS.find(([name]) => name === o.name);
        if (flag) data[flag[1]] = true;
      }
    }
    return data;
  },
  save(d) {
    const out: string[] = [];
    if (d.prefix) out.push('--log-prefix', quoteWord(d.prefix));
    if (d.level !== LOG_DEFAULT_LEVEL) out.push('--log-level', String(d.level));
    for (const [name, key] of FLAG_OPTIONS) if (d[key]) out.push(`--${name}`);
    return out;
  },
  list(d) {
    let flags = 0;
    for (const [, key, bit] of FLAG_OPTIONS) if (d[key]) flags |= bit;
    return `LOG flags ${flags} level ${d.level}${d.prefix ? ` prefix "${d.prefix}"` : ''}`;
  },
  explain(d, lang) {
    const prefix = d.prefix
      ? lang === 'ko'
        ? `, 접두어 "${d.prefix}"`
        : ` with prefix "${d.prefix}"`
      : '';
    return lang === 'ko'
      ? `커널 로그에 패킷을 기록하고 다음 규칙으로 계속 (레벨 ${d.level}${prefix})`
      : `logs the packet to the kernel log${prefix} at level ${d.level} and goes on to the next rule`;
  },
});
