/**
 * `-j MARK`: sets the packet's mark. Every form (`--set-mark`, `--or-mark`, `--and-mark`,
 * `--xor-mark`) is stored by the kernel as new = (mark AND NOT mask) XOR value, which is why
 * iptables-save prints them all as `--set-xmark VALUE/MASK`.
 */
import { defineTarget } from '../types.ts';
import { formatMarkMask, hex, parseMarkMask, parseUint, type MarkMask } from '../values.ts';

export type MarkData = MarkMask;

export const mark = defineTarget<MarkData>({
  name: 'MARK',
  flow: 'continue',
  options: [
    { name: 'set-xmark', args: 1 },
    { name: 'set-mark', args: 1 },
    { name: 'and-mark', args: 1 },
    { name: 'or-mark', args: 1 },
    { name: 'xor-mark', args: 1 },
  ],
  parse(options, ctx) {
    let data: MarkData = { value: 0, mask: 0 };
    for (const o of options) {
      const arg = o.args[0] ?? '';
      const bad = () => ctx.report('bad-value', `"${arg}" is not a mark (expected VALUE or VALUE/MASK, e.g. 0x4000/0x4000)`, o.span);
      if (o.name === 'set-xmark' || o.name === 'set-mark') {
        const m = parseMarkMask(arg);
        if (!m) bad();
        // --set-mark V/M zeroes the masked bits and then sets V within them
        else data = o.name === 'set-xmark' ? m : { value: m.value, mask: m.mask === 0xffffffff ? 0xffffffff : (m.mask | m.value) >>> 0 };
      } else {
        const v = parseUint(arg, 0xffffffff);
        if (v === undefined) bad();
        else if (o.name === 'or-mark') data = { value: v, mask: v };
        else if (o.name === 'and-mark') data = { value: 0, mask: ~v >>> 0 };
        else data = { value: v, mask: 0 };
      }
    }
    return data;
  },
  save: (d) => ['--set-xmark', `${hex(d.value)}/${hex(d.mask)}`],
  list(d) {
    if (d.mask === 0xffffffff) return `MARK set ${hex(d.value)}`;
    if (d.value === d.mask) return `MARK or ${hex(d.value)}`;
    if (d.value === 0) return `MARK and ${hex(~d.mask >>> 0)}`;
    if (d.mask === 0) return `MARK xor ${hex(d.value)}`;
    return `MARK xset ${formatMarkMask(d)}`;
  },
  explain: (d, lang) =>
    lang === 'ko'
      ? `패킷 마크 변경: (mark & ~${hex(d.mask)}) ^ ${hex(d.value)}`
      : `sets the packet mark: (mark & ~${hex(d.mask)}) ^ ${hex(d.value)}`,
});
