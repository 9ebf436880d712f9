/**
 * `-m recent`: a kernel list of recently seen addresses (per name). `--set` adds the packet's
 * address, `--rcheck`/`--update` ask whether it is there (within `--seconds`, at least
 * `--hitcount` times), `--remove` takes it out. SSH brute-force rules are the classic use.
 */
import { defineMatch } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { canonicalAddress } from './iprange.ts';
import type { MatchEvaluator } from '../evaluate.ts';
import { parseIPv4 } from '../../rules/model-face.ts';
import { ipv6Number } from '../cidr.ts';

export type RecentCommand = 'set' | 'rcheck' | 'update' | 'remove';

export interface RecentData {
  command: RecentCommand;
  negated: boolean;
  /** 0 when not given */
  seconds: number;
  reap: boolean;
  /** 0 when not given */
  hitcount: number;
  rttl: boolean;
  name: string;
  /** which address is kept and looked up */
  side: 'source' | 'dest';
  /** the address mask applied before lookup, as iptables prints it */
  mask: string;
}

const COMMANDS: readonly RecentCommand[] = ['set', 'rcheck', 'update', 'remove'];
/** Options that ask about an entry's age or hits: meaningless to --set and --remove. */
const AGE_OPTIONS = ['seconds', 'hitcount', 'rttl', 'reap'];
const LIST_WORD: Record<RecentCommand, string> = {
  set: 'SET',
  rcheck: 'CHECK',
  update: 'UPDATE',
  remove: 'REMOVE',
};
const FULL_MASK = {
  ipv4: '255.255.255.255',
  ipv6: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
} as const;

/** The kernel names a /proc file after the list, so the name must be a valid file name. */
function badListName(name: string): string | undefined {
  if (name === '' || name === '.' || name === '..' || name.includes('/'))
    return 'is not a valid list name';
  if (name.length > 199) return 'is longer than 199 characters';
  return undefined;
}

/** The address a recent list keeps: the packet's, under the rule's --mask. */
export function recentAddress(address: number | bigint, mask: string): number | bigint {
  if (typeof address === 'bigint') {
    // ip6tables' --mask is an IPv6 mask; an IPv4 one (the default's text) keeps the address whole
    const m6 = ipv6Number(mask);
    return m6 === undefined ? address : address & m6;
  }
  const m = parseIPv4(mask) ?? 0xffffffff;
  return (address & m) >>> 0;
}

/** The simulation's recent lists, keyed by the source (or destination) under the rule's mask. */
const evaluate: MatchEvaluator<RecentData> = (d, ctx) => {
  const address = d.side === 'source' ? ctx.packet.src : ctx.packet.dst;
  const answer = ctx.recent({
    name: d.name,
    command: d.command,
    address: recentAddress(address, d.mask),
    seconds: d.seconds,
    hitcount: d.hitcount,
    negated: d.negated,
  });
  return answer.matched ? 'match' : 'nomatch';
};

export const recent = defineMatch<RecentData>({
  name: 'recent',
  evaluate,
  options: [
    { name: 'set', args: 0, negatable: true },
    { name: 'rcheck', args: 0, negatable: true },
    { name: 'update', args: 0, negatable: true },
    { name: 'remove', args: 0, negatable: true },
    { name: 'seconds', args: 1 },
    { name: 'reap', args: 0 },
    { name: 'hitcount', args: 1 },
    { name: 'rttl', args: 0 },
    { name: 'name', args: 1 },
    { name: 'rsource', args: 0 },
    { name: 'rdest', args: 0 },
    { name: 'mask', args: 1 },
  ],
  parse(options, ctx) {
    const data: RecentData = {
      command: 'set',
      negated: false,
      seconds: 0,
      reap: false,
      hitcount: 0,
      rttl: false,
      name: 'DEFAULT',
      side: 'source',
      mask: FULL_MASK[ctx.family],
    };
    reportRepeated('recent', options, ctx);
    reportExclusive('recent', options, COMMANDS, ctx);
    let command: RecentCommand | undefined;
    for (const o of options) {
      const arg = o.args[0] ?? '';
      switch (o.name) {
        case 'set':
        case 'rcheck':
        case 'update':
        case 'remove':
          command = o.name;
          data.command = o.name;
          data.negated ||= o.negated;
          break;
        case 'seconds': {
          const v = parseUint(arg, 0xffffffff);
          if (v === undefined || v === 0)
            ctx.report(
              'bad-value',
              `--seconds must be a number from 1 to 4294967295, not "${arg}"`,
              o.span,
            );
          else data.seconds = v;
          break;
        }
        case 'hitcount': {
          const v = parseUint(arg, 0xffffffff);
          if (v === undefined)
            ctx.report('bad-value', `--hitcount must be a number, not "${arg}"`, o.span);
          else data.hitcount = v;
          break;
        }
        case 'reap':
          data.reap = true;
          break;
        case 'rttl':
          data.rttl = true;
          break;
        case 'name': {
          const why = badListName(arg);
          if (why) ctx.report('bad-value', `"${arg}" ${why}`, o.span);
          else data.name = arg;
          break;
        }
        case 'rsource':
          data.side = 'source';
          break;
        case 'rdest':
          data.side = 'dest';
          break;
        case 'mask': {
          const m = canonicalAddress(arg, ctx.family);
          if (m === undefined)
            ctx.report(
              'bad-address',
              `--mask needs an ${ctx.family === 'ipv4' ? 'IPv4' : 'IPv6'} address mask, not "${arg}"`,
              o.span,
            );
          else data.mask = m;
          break;
        }
      }
    }
    const given = new Set(options.map((o) => o.name));
    requireOneOf('recent', options, COMMANDS, ctx);
    for (const o of options) {
      if (o.name === 'reap' && !given.has('seconds'))
        ctx.report('missing-argument', '--reap needs --seconds', o.span);
      // iptables refuses --rttl here; the kernel refuses the others when they hold a value (a
      // hit count of 0 is none to it; a bad value is reported already)
      const value = o.name === 'hitcount' ? data.hitcount : o.name === 'seconds' ? data.seconds : 1;
      const asks = AGE_OPTIONS.includes(o.name) && value > 0;
      if (asks && (command === 'set' || command === 'remove'))
        ctx.report('syntax', `--${o.name} cannot be used together with --${command}`, o.span);
    }
    return data;
  },
  save(d) {
    const out = [...(d.negated ? ['!'] : []), `--${d.command}`];
    if (d.seconds) out.push('--seconds', String(d.seconds));
    if (d.reap) out.push('--reap');
    if (d.hitcount) out.push('--hitcount', String(d.hitcount));
    if (d.rttl) out.push('--rttl');
    out.push('--name', d.name, '--mask', d.mask, d.side === 'source' ? '--rsource' : '--rdest');
    return out;
  },
  list(d) {
    const out = [...(d.negated ? ['!'] : []), 'recent:', LIST_WORD[d.command]];
    if (d.seconds) out.push('seconds:', String(d.seconds));
    if (d.reap) out.push('reap');
    if (d.hitcount) out.push('hit_count:', String(d.hitcount));
    if (d.rttl) out.push('TTL-Match');
    out.push('name:', d.name, 'side:', d.side, 'mask:', d.mask);
    return out.join(' ');
  },
  explain(d, lang) {
    const ko = lang === 'ko';
    const addr = d.side === 'source' ? (ko ? '출발지' : 'source') : ko ? '목적지' : 'destination';
    const window = d.seconds
      ? ko
        ? ` 최근 ${d.seconds}초 안에`
        : ` within the last ${d.seconds} s`
      : '';
    const hits = d.hitcount ? (ko ? ` ${d.hitcount}번 이상` : ` at least ${d.hitcount} times`) : '';
    const not = d.negated
      ? ko
        ? ' (반전: 결과가 거짓일 때 일치)'
        : ' (inverted: matches when this is false)'
      : '';
    let what: string;
    if (d.command === 'set')
      what = ko
        ? `${addr} 주소를 목록 "${d.name}"에 기록`
        : `records the ${addr} address in list "${d.name}"`;
    else if (d.command === 'remove')
      what = ko
        ? `${addr} 주소를 목록 "${d.name}"에서 지움`
        : `removes the ${addr} address from list "${d.name}"`;
    else {
      const refresh =
        d.command === 'update' ? (ko ? ', 확인하면서 시각 갱신' : ', refreshing its time') : '';
      what = ko
        ? `${addr} 주소가 목록 "${d.name}"에${window}${hits} 있었는지 확인${refresh}`
        : `${addr} address seen in list "${d.name}"${window}${hits}${refresh}`;
    }
    return `${ko ? '최근 목록' : 'recent'}: ${what}${not}`;
  },
});
