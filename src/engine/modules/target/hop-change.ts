/**
 * What TTL (`--ttl-set/-dec/-inc`) and ip6tables' HL (`--hl-set/-dec/-inc`) both take: a mode and
 * a number 0–255, where iptables refuses to add or take away nothing.
 */
import type { ModuleContext, ParsedOption } from '../types.ts';
import { parseUint } from '../values.ts';

export interface HopChange {
  mode: 'set' | 'dec' | 'inc';
  value: number;
}

/** Reads the options of `prefix` (`ttl` or `hl`), reporting a value out of range at its option. */
export function readHopChange(
  prefix: 'ttl' | 'hl',
  options: readonly ParsedOption[],
  ctx: ModuleContext,
): HopChange {
  const data: HopChange = { mode: 'set', value: 0 };
  for (const o of options) {
    const arg = o.args[0] ?? '';
    const v = parseUint(arg, 255);
    const mode = o.name === `${prefix}-set` ? 'set' : o.name === `${prefix}-dec` ? 'dec' : 'inc';
    if (v === undefined || (v === 0 && mode !== 'set'))
      ctx.report(
        'bad-value',
        `--${o.name} needs a number from ${mode === 'set' ? 0 : 1} to 255, not "${arg}"`,
        o.span,
      );
    else {
      data.mode = mode;
      data.value = v;
    }
  }
  return data;
}
