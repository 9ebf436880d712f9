/**
 * Checks iptables makes on a match's or a target's options before any value is read: an option
 * given twice, options that exclude each other, a required option left out. `owner` names the
 * module in the message (`tcp`, `DNAT`).
 */
import type { SourceSpan } from '../rules/model-face.ts';
import type { ModuleContext, ParsedOption } from './types.ts';

/** Where a problem of the whole module goes: its `-m NAME`/`-j NAME`, else its first option. */
export function moduleSpan(ctx: ModuleContext, options: readonly ParsedOption[]): SourceSpan {
  return ctx.span ?? options[0]?.span ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** iptables refuses an option written twice ("can only be used once"). */
export function reportRepeated(
  owner: string,
  options: readonly ParsedOption[],
  ctx: ModuleContext,
): void {
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o.name))
      ctx.report('syntax', `${owner}: --${o.name} can be given only once`, o.span);
    seen.add(o.name);
  }
}

/** At most one option of `group` may be written; each other one is reported where it stands. */
export function reportExclusive(
  owner: string,
  options: readonly ParsedOption[],
  group: readonly string[],
  ctx: ModuleContext,
): void {
  let first: ParsedOption | undefined;
  for (const o of options) {
    if (!group.includes(o.name)) continue;
    if (first && first.name !== o.name)
      ctx.report(
        'syntax',
        `${owner}: --${o.name} cannot be used together with --${first.name}`,
        o.span,
      );
    first ??= o;
  }
}

/** Reports, at the module's name, that none of `names` was given; true when one was. */
export function requireOneOf(
  owner: string,
  options: readonly ParsedOption[],
  names: readonly string[],
  ctx: ModuleContext,
): boolean {
  if (options.some((o) => names.includes(o.name))) return true;
  const list = names.map((n) => `--${n}`);
  const what = list.length === 1 ? list[0]! : `one of ${list.join(', ')}`;
  ctx.report('missing-argument', `${owner} needs ${what}`, moduleSpan(ctx, options));
  return false;
}
