/**
 * Checks iptables makes on a target's options before any value is read: an option given twice,
 * two options that exclude each other, a required option left out. Shared by the target files.
 */
import type { SourceSpan } from '../../rules/model-face.ts';
import type { ModuleContext, ParsedOption } from '../types.ts';

/** Where a problem of the whole target goes: its `-j NAME`, else its first option. */
export function targetSpan(ctx: ModuleContext, options: readonly ParsedOption[]): SourceSpan {
  return ctx.span ?? options[0]?.span ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** iptables refuses an option written twice ("can only be used once"). */
export function reportRepeated(
  target: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
): void {
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o.name))
      ctx.report('syntax', `${target}: --${o.name} can be given only once`, o.span);
    seen.add(o.name);
  }
}

/** At most one option of `group` may be written; each extra one is reported where it stands. */
export function reportExclusive(
  target: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
  group: readonly string[],
): void {
  let first: ParsedOption | undefined;
  for (const o of options) {
    if (!group.includes(o.name)) continue;
    if (first && first.name !== o.name)
      ctx.report(
        'syntax',
        `${target}: --${o.name} cannot be used together with --${first.name}`,
        o.span,
      );
    first ??= o;
  }
}

/** Reports a target that needs one of `names` and has none of them. */
export function requireOneOf(
  target: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
  names: readonly string[],
): void {
  if (options.some((o) => names.includes(o.name))) return;
  const list = names.map((n) => `--${n}`);
  const what = list.length === 1 ? list[0]! : `one of ${list.join(', ')}`;
  ctx.report('missing-argument', `${target} needs ${what}`, targetSpan(ctx, options));
}
