/**
 * `-j CONNMARK`: sets the connection's mark, or copies marks between the packet and its
 * connection. Options are applied in the order written, as iptables does (`--mask` after
 * `--set-mark` replaces its mask). iptables-save prints the kernel's form: `--set-xmark V/M` for
 * every set operation, and both masks for save and restore.
 */
import { defineTarget } from '../types.ts';
import { hex, parseUint } from '../values.ts';
import { markOperation, parseMarkOperation } from './MARK.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { w, xmark, type ListTargetReader } from '../list-text.ts';

export interface MarkShift {
  direction: 'left' | 'right';
  bits: number;
}

export type ConnmarkData =
  /** ctmark = (ctmark AND NOT mask) XOR value */
  | { mode: 'set'; value: number; mask: number; shift?: MarkShift }
  /** save: ctmark = (ctmark AND NOT ctmask) XOR (nfmark AND nfmask); restore the other way */
  | { mode: 'save' | 'restore'; nfmask: number; ctmask: number; shift?: MarkShift };

const OPERATIONS = [
  'set-xmark',
  'set-mark',
  'and-mark',
  'or-mark',
  'xor-mark',
  'save-mark',
  'restore-mark',
] as const;
const ALL = 0xffffffff;

function shifted(v: number, shift: ConnmarkData['shift']): number {
  if (!shift) return v >>> 0;
  return (shift.direction === 'left' ? v << shift.bits : v >>> shift.bits) >>> 0;
}

/** xt_connmark: set the ctmark, or copy bits between the packet mark and the ctmark. */
const evaluate: TargetEvaluator<ConnmarkData> = (d, ctx) => {
  const entry = ctx.ct?.entry;
  if (!entry) return CONTINUE;
  if (d.mode === 'set') {
    const v = shifted((entry.mark & ~d.mask) ^ d.value, d.shift);
    ctx.setConnmark(v, 0xffffffff);
  } else if (d.mode === 'save') {
    const v = ((entry.mark & ~d.ctmask) ^ shifted(ctx.packet.mark & d.nfmask, d.shift)) >>> 0;
    ctx.setConnmark(v, 0xffffffff);
  } else {
    const v = ((ctx.packet.mark & ~d.nfmask) ^ shifted(entry.mark & d.ctmask, d.shift)) >>> 0;
    ctx.setMark(v, 0xffffffff);
  }
  return CONTINUE;
};

const readList: ListTargetReader = (rest) => {
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
};

export const connmark = defineTarget<ConnmarkData>({
  name: 'CONNMARK',
  evaluate,
  readList,
  flow: 'continue',
  options: [
    ...OPERATIONS.map((name) => ({
      name,
      args:
        name.endsWith('save-mark') || name.endsWith('restore-mark') ? (0 as const) : (1 as const),
    })),
    { name: 'mask', args: 1 },
    { name: 'ctmask', args: 1 },
    { name: 'nfmask', args: 1 },
    { name: 'left-shift-mark', args: 1 },
    { name: 'right-shift-mark', args: 1 },
  ],
  parse(options, ctx) {
    reportRepeated('CONNMARK', options, ctx);
    reportExclusive('CONNMARK', options, OPERATIONS, ctx);
    reportExclusive('CONNMARK', options, ['mask', 'ctmask'], ctx);
    reportExclusive('CONNMARK', options, ['mask', 'nfmask'], ctx);
    requireOneOf('CONNMARK', options, OPERATIONS, ctx);
    let mode: ConnmarkData['mode'] = 'set';
    let ctmark = 0;
    let ctmask = ALL;
    let nfmask = ALL;
    let shift: MarkShift = { direction: 'left', bits: 0 };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const num = (max: number) => {
        const v = parseUint(arg, max);
        if (v === undefined)
          ctx.report(
            'bad-value',
            `--${o.name} needs a number from 0 to ${max === ALL ? '0xffffffff' : max}, not "${arg}"`,
            o.span,
          );
        return v;
      };
      switch (o.name) {
        case 'save-mark':
          mode = 'save';
          break;
        case 'restore-mark':
          mode = 'restore';
          break;
        case 'mask': {
          const v = num(ALL);
          if (v !== undefined) ctmask = nfmask = v;
          break;
        }
        case 'ctmask':
          ctmask = num(ALL) ?? ctmask;
          break;
        case 'nfmask':
          nfmask = num(ALL) ?? nfmask;
          break;
        case 'left-shift-mark':
        case 'right-shift-mark': {
          const v = num(32);
          if (v !== undefined)
            shift = { direction: o.name === 'left-shift-mark' ? 'left' : 'right', bits: v };
          break;
        }
        default: {
          mode = 'set';
          const m = parseMarkOperation(o.name, arg);
          if (m) {
            ctmark = m.value;
            ctmask = m.mask;
          } else
            ctx.report(
              'bad-value',
              `"${arg}" is not a mark for --${o.name} (32-bit${o.name.startsWith('set') ? ', VALUE or VALUE/MASK' : ''})`,
              o.span,
            );
        }
      }
    }
    const data: ConnmarkData =
      mode === 'set' ? { mode, value: ctmark, mask: ctmask } : { mode, nfmask, ctmask };
    if (shift.bits !== 0) data.shift = shift;
    return data;
  },
  save(d) {
    const out =
      d.mode === 'set'
        ? ['--set-xmark', `${hex(d.value)}/${hex(d.mask)}`]
        : [`--${d.mode}-mark`, '--nfmask', hex(d.nfmask), '--ctmask', hex(d.ctmask)];
    if (d.shift) out.push(`--${d.shift.direction}-shift-mark`, String(d.shift.bits));
    return out;
  },
  list(d) {
    let s: string;
    if (d.mode === 'set') s = `CONNMARK ${markOperation(d)}`;
    else if (d.nfmask === ALL && d.ctmask === ALL) s = `CONNMARK ${d.mode}`;
    else if (d.nfmask === d.ctmask) s = `CONNMARK ${d.mode} mask ${hex(d.nfmask)}`;
    // iptables prints the mask of the side being written with a `~`
    else if (d.mode === 'save')
      s = `CONNMARK save nfmask ${hex(d.nfmask)} ctmask ~${hex(d.ctmask)}`;
    else s = `CONNMARK restore ctmask ${hex(d.ctmask)} nfmask ~${hex(d.nfmask)}`;
    return d.shift ? `${s} ${d.shift.direction}-shift-mark ${d.shift.bits}` : s;
  },
  explain(d, lang) {
    const shift = d.shift
      ? lang === 'ko'
        ? `, ${d.shift.bits}비트 ${d.shift.direction === 'left' ? '왼쪽' : '오른쪽'} 시프트`
        : `, shifted ${d.shift.direction} by ${d.shift.bits} bits`
      : '';
    if (d.mode === 'set')
      return lang === 'ko'
        ? `연결 마크 변경: ${markOperation(d)}${shift}`
        : `changes the connection mark: ${markOperation(d)}${shift}`;
    const masks = `nfmask ${hex(d.nfmask)}, ctmask ${hex(d.ctmask)}`;
    if (d.mode === 'save')
      return lang === 'ko'
        ? `패킷 마크를 연결 마크로 저장 (${masks}${shift})`
        : `saves the packet mark into the connection mark (${masks}${shift})`;
    return lang === 'ko'
      ? `연결 마크를 패킷 마크로 복원 (${masks}${shift})`
      : `restores the packet mark from the connection mark (${masks}${shift})`;
  },
});
