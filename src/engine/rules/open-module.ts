/**
 * A module the rule reader (rule-parser.ts) has open: `-m NAME` or `-j NAME` and the options
 * given to it so far, and how it becomes the rule's match or target once the rule is read.
 */
import type { SourceSpan } from './diagnostics.ts';
import type { Match, Target } from './model.ts';
import { isBuiltinChain } from './model.ts';
import type { AnyModule, ModuleContext, OptionSpec, ParsedOption } from '../modules/types.ts';

export interface OpenModule {
  module: AnyModule | undefined;
  name: string;
  options: ParsedOption[];
  /** the words of a module the registry does not know */
  raw: string[] | null;
  span: SourceSpan;
  isTarget: boolean;
  targetKind?: Target['kind'];
  /** the rule's protocol when the first option that iptables checks it for was read */
  protocolAtRead?: { protocol: string | undefined };
}

/** Gives `m` an option it takes, noting the rule's protocol so far where iptables checks it. */
export function addOption(
  m: OpenModule,
  spec: OptionSpec,
  option: ParsedOption | undefined,
  ctx: ModuleContext,
): void {
  if (!option) return;
  m.options.push(option);
  if (spec.protocolWhenRead && !m.protocolAtRead) m.protocolAtRead = { protocol: ctx.protocol };
}

/** `m`'s data as its module parses it in `ctx`, seeing the protocol iptables checked it against. */
function parseModule(m: OpenModule, module: AnyModule, ctx: ModuleContext): unknown {
  if (!m.protocolAtRead) return module.parse(m.options, ctx);
  const protocol = ctx.protocol;
  ctx.protocol = m.protocolAtRead.protocol;
  const data = module.parse(m.options, ctx);
  ctx.protocol = protocol;
  return data;
}

/** The match `m` reads as in `ctx`. */
export function closeMatch(m: OpenModule, ctx: ModuleContext): Match {
  ctx.span = m.span;
  const match: Match = {
    module: m.name,
    data: m.module ? parseModule(m, m.module, ctx) : { raw: m.raw ?? [] },
  };
  if (!m.module) match.unknown = true;
  return match;
}

/** The target `m` reads as in `ctx`, reporting (to ctx) a table or chain it is not allowed in. */
export function closeTarget(m: OpenModule, ctx: ModuleContext): Target {
  ctx.span = m.span;
  const { table, chain } = ctx;
  const data = m.module ? parseModule(m, m.module, ctx) : m.raw?.length ? { raw: m.raw } : null;
  const target: Target = { name: m.name, kind: m.targetKind ?? 'extension', data };
  if (!m.module && m.targetKind === 'extension') target.unknown = true;
  const module = m.module?.kind === 'target' ? m.module : undefined;
  if (module?.tables && !module.tables.includes(table))
    ctx.report(
      'target-not-allowed',
      `${m.name} is only valid in the ${module.tables.join(', ')} table, not ${table}`,
      m.span,
    );
  else if (module?.chains && isBuiltinChain(table, chain) && !module.chains.includes(chain))
    ctx.report(
      'target-not-allowed',
      `${m.name} is only valid in the ${module.chains.join(', ')} chains (and user chains called from them), not ${chain}`,
      m.span,
    );
  return target;
}
