/** The netfilter simulator's public surface: what the CLI, the worker and the UI use. */
export { simulate, simulateAllPaths, sampleOutcomes } from './simulate.ts';
export type {
  SimulateOptions,
  SimulationResult,
  Outcome,
  AllPathsResult,
  SampledOutcome,
} from './simulate.ts';
export { readHost } from './host-reader.ts';
export type { HostReadResult } from './host-reader.ts';
export { readIpsetText } from './ipset-text.ts';
export type { IpsetTextResult, IpsetDiagnostic, IpsetDiagnosticCode } from './ipset-text.ts';
export { missingSets, setsNamedBy, describeMissingSet } from './ipset-uses.ts';
export type { SetUse } from './ipset-uses.ts';
export { readPackets } from './packet-reader.ts';
export { NO_NEIGHBOUR_DISCOVERY } from './routing.ts';
export type { PacketReadResult } from './packet-reader.ts';
export { formatFieldDiagnostic } from './fields.ts';
export type { FieldDiagnostic } from './fields.ts';
export { emptyHost } from './host.ts';
export type { Host, Backend, IpSet, IpSetMember, IpSetType } from './host.ts';
export type { Packet, PacketView } from './packet.ts';
export { hookStages, hookTables, HOOKS } from './hooks.ts';
export type { Hook, HookStage } from './hooks.ts';
export { toTraceJson } from './trace-json.ts';
export type { TraceJson } from './trace-json.ts';
export { describeStep, describeResult } from './trace-text.ts';
export type * from './trace.ts';
export type { IndexMode } from './chain-index.ts';
export {
  addFractions,
  divideFractions,
  formatFraction,
  fractionToNumber,
  FRACTION_ONE,
  FRACTION_ZERO,
  multiplyFractions,
  readFraction,
} from './exact.ts';
export type { Exact, Fraction } from './exact.ts';
export { SeededRandom } from './random.ts';
