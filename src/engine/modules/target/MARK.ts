/**
 * `-j MARK`: sets the packet's mark. Every form (`--set-mark`, `--or-mark`, `--and-mark`,
 * `--xor-mark`) is stored by the kernel as new = (mark AND NOT mask) XOR value, which is why
 * iptables-save prints them all as `--set-xmark VALUE/MASK`; `-L` names the operation again.
 */
import { defineTarget } from '../types.ts';
import { hex, parseMarkMask, parseUint, type MarkMask } from '../values.ts';
import { reportExclusive, reportRepeated, requireOneOf } from '../option-checks.ts';
import { CONTINUE, type TargetEvaluator } from '../evaluate.ts';
import { xmark, type ListTargetReader } from '../list-text.ts';

export type MarkData = MarkMask;

const OPERATIONS = ['set-xmark', 'set-mark', 'and-mark', 'or-mark', 'xor-mark'] as const;

/** The operation iptables -L names for a value/mask pair, tested in iptables' own order. */
export function markOperation(d: MarkMask): string {
  if (d.value === 0) return `and ${hex(~d.mask >>> 0)}`;
  if (d.value === d.mask) return `or ${hex(d.value)}`;
  if (d.mask === 0) return `xor ${hex(d.value)}`;
  if (d.mask === 0xffffffff) return `set ${hex(d.value)}`;
  return `xset ${hex(d.value)}/${hex(d.mask)}`;
}

/**
 * Reads one of the five mark operations into value/mask. `--set-mark V/M` clears M and sets V,
 * so its kernel mask is M|V; without a mask it clears every bit.
 */
export function parseMarkOperation(name: string, arg: string): MarkMask | undefined {
  if (name === 'set-xmark' || name === 'set-mark') {
    const m = parseMarkMask(arg);
    if (!m) return undefined;
    return name === 'set-xmark' ? m : { value: m.value, mask: (m.mask | m.value) >>> 0 };
  }
  const v = parseUint(arg, 0xffffffff);
  if (v === undefined) return undefined;
  if (name === 'or-mark') return { value: v, mask: v };
  if (name === 'and-mark') return { value: 0, mask: ~v >>> 0 };
  return { value: v, mask: 0 };
}

const evaluate: TargetEvaluator<MarkData> = (d, ctx) => {
  ctx.setMark(d.value, d.mask);
  return CONTINUE;
};

const readList: ListTargetReader = (rest) => {
  const m = /^MARK (set|xset|and|or|xor) (0x[0-9a-fA-F]+)(?:\/(0x[0-9a-fA-F]+))?$/.exec(rest);
  const words = m ? xmark(m[1]!, m[2]!, m[3]) : undefined;
  return words ? { words } : undefined;
};

export const mark = defineTarget<MarkData>({
  name: 'MARK',
  evaluate,
  readList,
  flow: 'continue',
  options: OPERATIONS.map((name) => ({ name, args: 1 as const })),
  parse(options, ctx) {
    reportRepeated('MARK', options, ctx);
    reportExclusive('MARK', options, OPERATIONS, ctx);
    requireOneOf('MARK', options, OPERATIONS, ctx);
    let data: MarkData = { value: 0, mask: 0 };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const m = parseMarkOperation(o.name, arg);
      if (m) data = m;
      else if (o.name === 'set-xmark' || o.name === 'set-mark')
        ctx.report(
          'bad-value',
          `"${arg}" is not a mark (expected VALUE or VALUE/MASK, 32-bit, e.g. 0x4000/0x4000)`,
          o.span,
        );
      else
        ctx.report(
          'bad-value',
          `"${arg}" is not a 32-bit mark value (--${o.name} takes no mask)`,
          o.span,
        );
    }
    return data;
  },
  save: (d) => ['--set-xmark', `${hex(d.value)}/${hex(d.mask)}`],
  list: (d) => `MARK ${markOperation(d)}`,
  explain: (d, lang) =>
    lang === 'ko'
      ? `패킷 마크 변경: ${markOperation(d)} (mark = (mark & ~${hex(d.mask)}) ^ ${hex(d.value)})`
      : `changes the packet mark: ${markOperation(d)} (mark = (mark & ~${hex(d.mask)}) ^ ${hex(d.value)})`,
});
