/**
 * Where the kernel lets a match run. It checks a match against the hooks that reach its chain;
 * for a built-in chain that hook is known, so a rule the kernel would refuse there is reported.
 * (User chains are checked only when the kernel sees which hooks reach them, which a dump does
 * not say.)
 */
import { isBuiltinChain } from '../../rules/model-face.ts';
import type { ModuleContext, ParsedOption } from '../types.ts';

export function reportWrongChain(
  module: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
  allowedChains: readonly string[],
): void {
  if (!isBuiltinChain(ctx.table, ctx.chain) || allowedChains.includes(ctx.chain)) return;
  const at = ctx.span ?? options[0]?.span;
  if (at)
    ctx.report(
      'bad-value',
      `-m ${module} works only in ${allowedChains.join(', ')}; the kernel refuses it in ${ctx.chain}`,
      at,
    );
}

/** Tables the kernel allows the match in (rpfilter: raw and mangle). */
export function reportWrongTable(
  module: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
  tables: readonly string[],
): boolean {
  if (tables.includes(ctx.table)) return true;
  const at = ctx.span ?? options[0]?.span;
  if (at)
    ctx.report(
      'bad-value',
      `-m ${module} works only in the ${tables.join(' and ')} tables, not ${ctx.table}`,
      at,
    );
  return false;
}
