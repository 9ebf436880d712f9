/**
 * `-m hashlimit`: like limit, but with one token bucket per group of packets — per source
 * address, per destination port, … (`--hashlimit-mode`) — kept in a named kernel table. Rates
 * are packets per unit or bytes per second (`1kb/s`). The data is the kernel's own
 * configuration (revision 3), and printing follows iptables' rules for which values it shows.
 */
import { defineMatch, type ModuleContext, type ParsedOption } from '../types.ts';
import { parseUint } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { formatRate, parseRate, rateWords } from './rate.ts';
import { notModelled } from '../evaluate.ts';

/** hashlimit counts time in 1/1000000 s. */
export const HASHLIMIT_SCALE = 1_000_000;
const DEFAULT_BURST = 5;
const MAX_BURST = 1_000_000;
const DEFAULT_GC_INTERVAL = 1000;
/** byte rates: default entry lifetimes in seconds, without and with a burst */
const BYTE_EXPIRE = 15;
const BYTE_EXPIRE_BURST = 60;
const UINT32_MAX = 0xffffffff;

export const HASH_MODES = ['srcip', 'srcport', 'dstip', 'dstport'] as const;
export type HashMode = (typeof HASH_MODES)[number];

export interface HashlimitData {
  /** --hashlimit-above: match packets over the rate (instead of up to it) */
  above: boolean;
  /** the rate is in bytes per second */
  bytes: boolean;
  /** the kernel's cost: per packet in 1/1000000 s, or per byte for byte rates */
  avg: number;
  /** packets, or for byte rates the burst in multiples of the per-second byte rate (0: none) */
  burst: number;
  /** the fields that pick a bucket, in iptables' order */
  mode: HashMode[];
  name: string;
  /** hash table buckets and entries (0: kernel default) */
  size: number;
  max: number;
  gcInterval: number;
  /** ms an idle entry lives */
  expire: number;
  /** prefix lengths applied before hashing, when shorter than a whole address */
  srcmask?: number;
  dstmask?: number;
  rateMatch: boolean;
  /** seconds over which --hashlimit-rate-match measures (0 when not rate-match) */
  interval: number;
}

// Byte rates are stored as a cost per 16 bytes, inverted against 2^32.
function costToBytes(cost: number): number {
  const r = cost ? Math.floor(UINT32_MAX / cost) : UINT32_MAX;
  return (r - 1) * 16;
}

function bytesToCost(bytes: number): number {
  const r = Math.floor(bytes / 16) % 2 ** 32;
  return Math.floor(UINT32_MAX / (r + 1));
}

const UNIT_FACTOR: Record<string, number> = { m: 1024 * 1024, k: 1024, '': 1 };

/** `512kb/s`, `1mb/s`, `1000b/s` → the cost; undefined when not a byte rate. */
function parseByteRate(text: string): number | 'too-fast' | undefined {
  const m = /^([0-9]+)([km]?)b\/s$/.exec(text);
  if (!m) return undefined;
  const bytes = Number(m[1]) * (UNIT_FACTOR[m[2] ?? ''] ?? 1);
  if (bytes === 0) return undefined;
  const cost = bytesToCost(bytes);
  return cost === 0 ? 'too-fast' : cost;
}

function formatBytes(avg: number, burst: number, burstLabel: string): string[] {
  const units: readonly (readonly [string, number])[] = [
    ['m', 1024 * 1024],
    ['k', 1024],
  ];
  const r = costToBytes(avg);
  let unit: readonly [string, number] = ['', 1];
  for (const u of units)
    if (r >= u[1] && bytesToCost(r - (r % u[1])) === avg) {
      unit = u;
      break;
    }
  const out = [`${Math.floor(r / unit[1])}${unit[0]}b/s`];
  if (burst === 0) return out;
  const total = r * burst;
  const bu = units.find((u) => total >= u[1]) ?? (['', 1] as const);
  out.push(burstLabel, `${Math.floor(total / bu[1])}${bu[0]}b`);
  return out;
}

/** `5`, `5k`, `1mb`, `300kb`: a burst in packets, or bytes with k/m. */
function parseBurst(text: string): number | undefined {
  const m = /^([0-9]+)([km]?)b?$/.exec(text);
  if (!m) return undefined;
  const v = Number(m[1]);
  if (v < 1) return undefined;
  if (m[2] === '' && !text.endsWith('b') && v > MAX_BURST) return undefined;
  return v * (UNIT_FACTOR[m[2] ?? ''] ?? 1);
}

function parseMode(text: string): HashMode[] | undefined {
  const words = text.split(/[,|]/).filter((w) => w !== '');
  if (!words.every((w) => (HASH_MODES as readonly string[]).includes(w))) return undefined;
  return HASH_MODES.filter((m) => words.includes(m));
}

function uint32(o: ParsedOption, ctx: ModuleContext): number | undefined {
  const v = parseUint(o.args[0] ?? '', UINT32_MAX);
  if (v === undefined)
    ctx.report(
      'bad-value',
      `--${o.name} must be a number from 0 to 4294967295, not "${o.args[0] ?? ''}"`,
      o.span,
    );
  return v;
}

function defaults(): HashlimitData {
  return {
    above: false,
    bytes: false,
    avg: 0,
    burst: DEFAULT_BURST,
    mode: [],
    name: '',
    size: 0,
    max: 0,
    gcInterval: DEFAULT_GC_INTERVAL,
    expire: 0,
    rateMatch: false,
    interval: 0,
  };
}

/** The data as the options are read, and what only the whole rule settles. */
interface Reading {
  d: HashlimitData;
  /** the unit the rate was written in decides the default expiry and rate-match interval */
  unitSeconds: number;
  burstAt: ParsedOption | undefined;
  expireGiven: boolean;
}

/** `--hashlimit-upto`/`--hashlimit-above`: a packet rate or a byte rate; `!` turns one into the other. */
function readRate(r: Reading, o: ParsedOption, ctx: ModuleContext): void {
  const arg = o.args[0] ?? '';
  r.d.above = (o.name === 'hashlimit-above') !== o.negated;
  const cost = parseByteRate(arg);
  if (cost === 'too-fast') {
    ctx.report('bad-value', `byte rate "${arg}" is too high`, o.span);
    return;
  }
  if (cost !== undefined) {
    r.d.bytes = true;
    r.d.avg = cost;
    r.unitSeconds = BYTE_EXPIRE;
    return;
  }
  const rate = parseRate(arg, HASHLIMIT_SCALE);
  if (rate === 'bad')
    ctx.report(
      'bad-value',
      `bad rate "${arg}" (expected N/sec, N/min, N/hour, N/day or a byte rate such as 512kb/s)`,
      o.span,
    );
  else if (rate === 'too-fast')
    ctx.report('bad-value', `rate "${arg}" is too fast (at most 1000000 per second)`, o.span);
  else {
    r.d.bytes = false;
    r.d.avg = rate.period;
    r.unitSeconds = rate.unitSeconds;
  }
}

function readBurst(r: Reading, o: ParsedOption, ctx: ModuleContext): void {
  const arg = o.args[0] ?? '';
  const v = parseBurst(arg);
  if (v === undefined)
    ctx.report(
      'bad-value',
      `--hashlimit-burst must be a number from 1 to 1000000 (or bytes such as 64kb), not "${arg}"`,
      o.span,
    );
  else {
    r.d.burst = v;
    r.burstAt = o;
  }
}

function readMode(d: HashlimitData, o: ParsedOption, ctx: ModuleContext): void {
  const arg = o.args[0] ?? '';
  const m = parseMode(arg);
  if (!m)
    ctx.report(
      'bad-value',
      `bad --hashlimit-mode "${arg}" (a list of srcip, srcport, dstip, dstport)`,
      o.span,
    );
  else d.mode = HASH_MODES.filter((x) => m.includes(x) || d.mode.includes(x));
}

/** `--hashlimit-srcmask`/`--hashlimit-dstmask`: a full-length prefix is the default, not saved. */
function readMask(d: HashlimitData, o: ParsedOption, ctx: ModuleContext): void {
  const arg = o.args[0] ?? '';
  const full = ctx.family === 'ipv4' ? 32 : 128;
  const v = parseUint(arg, full);
  const key = o.name === 'hashlimit-srcmask' ? 'srcmask' : 'dstmask';
  if (v === undefined)
    ctx.report(
      'bad-value',
      `--${o.name} must be a prefix length from 0 to ${full}, not "${arg}"`,
      o.span,
    );
  else if (v === full) delete d[key];
  else d[key] = v;
}

function readRateInterval(d: HashlimitData, o: ParsedOption, ctx: ModuleContext): void {
  const arg = o.args[0] ?? '';
  const v = parseUint(arg, UINT32_MAX);
  if (v === undefined || v === 0)
    ctx.report(
      'bad-value',
      `--hashlimit-rate-interval must be a positive number of seconds, not "${arg}"`,
      o.span,
    );
  else d.interval = v;
}

function readOption(r: Reading, o: ParsedOption, ctx: ModuleContext): void {
  const d = r.d;
  switch (o.name) {
    case 'hashlimit-upto':
    case 'hashlimit-above':
      return readRate(r, o, ctx);
    case 'hashlimit-burst':
      return readBurst(r, o, ctx);
    case 'hashlimit-mode':
      return readMode(d, o, ctx);
    case 'hashlimit-name':
      d.name = o.args[0] ?? '';
      if (d.name === '') ctx.report('bad-value', '--hashlimit-name must not be empty', o.span);
      return;
    case 'hashlimit-srcmask':
    case 'hashlimit-dstmask':
      return readMask(d, o, ctx);
    case 'hashlimit-htable-size':
      d.size = uint32(o, ctx) ?? d.size;
      return;
    case 'hashlimit-htable-max':
      d.max = uint32(o, ctx) ?? d.max;
      return;
    case 'hashlimit-htable-gcinterval':
      d.gcInterval = uint32(o, ctx) ?? d.gcInterval;
      return;
    case 'hashlimit-htable-expire': {
      const v = uint32(o, ctx);
      if (v !== undefined) {
        d.expire = v;
        r.expireGiven = true;
      }
      return;
    }
    case 'hashlimit-rate-match':
      d.rateMatch = true;
      return;
    case 'hashlimit-rate-interval':
      return readRateInterval(d, o, ctx);
  }
}

/** What iptables works out once every option is read: expiry, the byte burst, the interval. */
function settle(r: Reading, ctx: ModuleContext): void {
  const d = r.d;
  if (!r.expireGiven) d.expire = r.unitSeconds * 1000;
  if (d.bytes) {
    let burst = 0;
    if (r.burstAt) {
      const perSecond = costToBytes(d.avg);
      if (d.burst < perSecond)
        ctx.report(
          'bad-value',
          `the burst must be at least ${perSecond}b, one second at this rate`,
          r.burstAt.span,
        );
      else burst = Math.ceil(d.burst / perSecond);
      if (!r.expireGiven) d.expire = BYTE_EXPIRE_BURST * 1000;
    }
    d.burst = burst;
  } else if (d.burst > MAX_BURST && r.burstAt) {
    ctx.report(
      'bad-value',
      `--hashlimit-burst must be at most ${MAX_BURST} packets`,
      r.burstAt.span,
    );
    d.burst = MAX_BURST;
  }
  if (d.rateMatch) {
    if (!d.bytes) d.avg = Math.floor(d.avg / r.unitSeconds);
    if (d.interval === 0) d.interval = d.bytes ? 1 : r.unitSeconds;
  } else d.interval = 0; // without --hashlimit-rate-match an interval means nothing, and is not saved
}

// a rate over time: the simulated packets carry no clock
const evaluate = notModelled;

export const hashlimit = defineMatch<HashlimitData>({
  name: 'hashlimit',
  evaluate,
  options: [
    { name: 'hashlimit-upto', aliases: ['hashlimit'], args: 1, negatable: true },
    { name: 'hashlimit-above', args: 1, negatable: true },
    { name: 'hashlimit-burst', args: 1 },
    { name: 'hashlimit-mode', args: 1 },
    { name: 'hashlimit-name', args: 1 },
    { name: 'hashlimit-srcmask', args: 1 },
    { name: 'hashlimit-dstmask', args: 1 },
    { name: 'hashlimit-htable-size', args: 1 },
    { name: 'hashlimit-htable-max', args: 1 },
    { name: 'hashlimit-htable-gcinterval', args: 1 },
    { name: 'hashlimit-htable-expire', args: 1 },
    { name: 'hashlimit-rate-match', args: 0 },
    { name: 'hashlimit-rate-interval', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('hashlimit', options, ctx);
    reportExclusive('hashlimit', options, ['hashlimit-upto', 'hashlimit-above'], ctx);
    const r: Reading = { d: defaults(), unitSeconds: 1, burstAt: undefined, expireGiven: false };
    for (const o of options) readOption(r, o, ctx);
    requireOneOf('hashlimit', options, ['hashlimit-upto', 'hashlimit-above'], ctx);
    requireOneOf('hashlimit', options, ['hashlimit-name'], ctx);
    settle(r, ctx);
    return r.d;
  },
  save(d) {
    const out = [d.above ? '--hashlimit-above' : '--hashlimit-upto'];
    let quantum: number;
    if (d.bytes) {
      out.push(...formatBytes(d.avg, d.burst, '--hashlimit-burst'));
      quantum = (d.burst ? BYTE_EXPIRE_BURST : BYTE_EXPIRE) * 1000;
    } else {
      const r = formatRate(d.avg, HASHLIMIT_SCALE);
      out.push(r.text, '--hashlimit-burst', String(d.burst));
      quantum = r.unitSeconds * 1000;
    }
    if (d.mode.length) out.push('--hashlimit-mode', d.mode.join(','));
    out.push('--hashlimit-name', d.name);
    out.push(...tableWords(d, quantum, '--hashlimit-'));
    return out;
  },
  list(d) {
    const out = ['limit:', d.above ? 'above' : 'up to'];
    let quantum: number;
    if (d.bytes) {
      out.push(...formatBytes(d.avg, d.burst, 'burst'));
      quantum = (d.burst ? BYTE_EXPIRE_BURST : BYTE_EXPIRE) * 1000;
    } else {
      // with rate-match, -L shows the rate per interval rather than the stored per-second cost
      const r = formatRate(d.interval ? d.avg * d.interval : d.avg, HASHLIMIT_SCALE);
      out.push(r.text, 'burst', String(d.burst));
      quantum = r.unitSeconds * 1000;
    }
    if (d.mode.length) out.push('mode', d.mode.join('-'));
    out.push(...tableWords(d, quantum, ''));
    return out.join(' ');
  },
  explain(d, lang) {
    const ko = lang === 'ko';
    const bytes = formatBytes(d.avg, 0, '')[0]!.replace('/s', '');
    const rate = d.bytes
      ? ko
        ? `초당 ${bytes}`
        : `${bytes} per second`
      : rateWords(formatRate(d.avg, HASHLIMIT_SCALE).text, lang);
    const group = d.mode.length ? d.mode.join('+') : '';
    if (ko) {
      const per = group ? `${group} 묶음마다` : '모든 패킷 합쳐서';
      return `해시 속도 제한 "${d.name}": ${per} ${rate}${d.above ? '를 넘는 패킷만 일치' : '까지 일치'}`;
    }
    const per = group ? `per ${group}` : 'all packets together';
    return `hashlimit "${d.name}" (${per}): matches ${d.above ? 'only packets above' : 'up to'} ${rate}`;
  },
});

/** Table settings, masks and rate-match words that iptables prints only when not the default. */
function tableWords(d: HashlimitData, quantum: number, prefix: string): string[] {
  const out: string[] = [];
  const opt = (name: string, value?: number) => {
    out.push(`${prefix}${name}`);
    if (value !== undefined) out.push(String(value));
  };
  if (d.size) opt('htable-size', d.size);
  if (d.max) opt('htable-max', d.max);
  if (d.gcInterval !== DEFAULT_GC_INTERVAL) opt('htable-gcinterval', d.gcInterval);
  if (d.expire !== quantum) opt('htable-expire', d.expire);
  if (d.srcmask !== undefined) opt('srcmask', d.srcmask);
  if (d.dstmask !== undefined) opt('dstmask', d.dstmask);
  if (d.rateMatch) opt('rate-match');
  if (d.rateMatch && d.interval !== 1) opt('rate-interval', d.interval);
  return out;
}
