/**
 * The face of rules/ for the match and target modules (src/engine/modules): the model and the
 * words a module parses and prints, with none of the parser behind them. The parser reads rules
 * through the module registry, so a module that imported index.ts would ask for itself before it
 * is made (the registry's list would meet it uninitialised). The page's first view takes the
 * model from here too, so the parser stays off the main thread until something needs it.
 * Everything else imports index.ts, which re-exports all of this.
 */
export {
  BUILTIN_CHAINS,
  BUILTIN_TABLES,
  countRules,
  findChain,
  findTable,
  isBuiltinChain,
  isTableName,
  type Chain,
  type Cidr,
  type Counters,
  type DumpFormat,
  type Family,
  type Match,
  type Negatable,
  type ParseResult,
  type Rule,
  type RuleCore,
  type Ruleset,
  type Table,
  type TableName,
  type Target,
  type TargetKind,
} from './model.ts';
export {
  formatDiagnostic,
  hasErrors,
  type Diagnostic,
  type DiagnosticArgs,
  type DiagnosticCode,
  type PositionedProblem,
  type Severity,
  type SourcePosition,
  type SourceSpan,
} from './diagnostics.ts';
export {
  formatCidr,
  formatCidrList,
  formatIPv4,
  formatIPv6,
  ipv4InCidr,
  parseCidr,
  parseIPv4,
  parseIPv6,
  plainIPv4,
} from './address.ts';
export { normalizeProtocol, protocolNumber } from './protocols.ts';
export { needsQuotes, quoteWord } from './tokenize.ts';
