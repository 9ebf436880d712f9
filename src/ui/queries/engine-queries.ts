/**
 * The engine's answers as react-query queries, keyed by their input (a hash of the YAML or dump
 * text, the node, the packet). A query nobody watches any more is cancelled and its request
 * dropped before the worker starts it (worker/client.ts); keepPreviousData keeps the last answer
 * on screen while the next one is computed.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { ask } from '../../worker/client.ts';
import { askDump } from '../../worker/dump-client.ts';
import type { DumpFormat, PacketInput, RuleSource, TraceRequest } from '../../worker/protocol.ts';
import { textKey } from './text-key.ts';

export function sourceKey(source: RuleSource): unknown[] {
  // a dual-stack node has two rulesets: the family names one
  if (source.kind === 'cluster')
    return ['cluster', textKey(source.yaml), source.node, source.family ?? null];
  // a loaded dump is named by its id; the host edits and the ipset text change the answers too
  const dump = 'id' in source ? source.id : textKey(source.text);
  return ['dump', dump, JSON.stringify(source.host ?? null), textKey(source.ipsets ?? '')];
}

/**
 * Keep the last answer on screen while the next is computed, but never a cluster's answer for a
 * dump or the other way round (switching the source must not show the other one's trace).
 */
function sameSourceKind(req: TraceRequest | null) {
  return <T>(prev: T | undefined, query: { queryKey: readonly unknown[] } | undefined) =>
    req !== null && query?.queryKey[1] === req.source.kind ? prev : undefined;
}

/** Dumps have a worker of their own (worker/dump-client.ts), which Cancel may restart. */
const askFor = (source: RuleSource) => (source.kind === 'dump' ? askDump : ask);

function requestKey(req: TraceRequest): unknown[] {
  return [...sourceKey(req.source), req.packets, req.seed ?? 1, req.withReply ?? false];
}

/** The compile of `yaml`: what useCompile watches, and what the app's start asks ahead (boot.tsx). */
export function compileQuery(yaml: string | null) {
  return queryOptions({
    queryKey: ['compile', yaml === null ? null : textKey(yaml)],
    queryFn: ({ signal }) => ask('compileCluster', (e) => e.compileCluster(yaml ?? ''), signal),
    enabled: yaml !== null,
  });
}

/** The trace of `req`: what useTrace watches, and what the app's start asks ahead (boot.tsx). */
export function traceQuery(req: TraceRequest | null) {
  return queryOptions({
    queryKey: ['trace', ...(req ? requestKey(req) : [null])],
    queryFn: ({ signal }) =>
      askFor((req as TraceRequest).source)('trace', (e) => e.trace(req as TraceRequest), signal),
    enabled: req !== null,
  });
}

export function useCompile(yaml: string | null) {
  const q = useQuery({ ...compileQuery(yaml), placeholderData: keepPreviousData });
  // A compile reaches a dozen components (editor markers, header, packet form, journey, rules).
  // The query's own update is urgent and cannot be sliced: its readers first re-render with the
  // previous state of this same query (cheap), then with the answer at low priority, in slices
  // the browser can interrupt. Never the state of another text: callers pair it with `yaml`.
  // react-query hands out a new result object on every render: kept while its state is the same
  const shown = useMemo(
    () => ({ q, yaml }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [q.data, q.error, q.status, q.fetchStatus, q.isPlaceholderData, yaml],
  );
  const deferred = useDeferredValue(shown);
  return deferred.yaml === yaml ? deferred.q : q;
}

export function useTrace(req: TraceRequest | null) {
  return useQuery({ ...traceQuery(req), placeholderData: sameSourceKind(req) });
}

/**
 * The packets whose outcomes are counted: the reply is left out (it is not random); two
 * connections of one client are kept together, so the second's share follows the first's
 * (session affinity) instead of being counted on its own.
 */
function forwardPackets(req: TraceRequest): TraceRequest['packets'] {
  return req.withReply ? req.packets.slice(0, 1) : req.packets;
}

/** Every random branch, with exact probabilities. */
export function useAllPaths(req: TraceRequest | null) {
  const forward = req ? { ...req, withReply: false, packets: forwardPackets(req) } : null;
  return useQuery({
    queryKey: ['paths', ...(forward ? requestKey(forward) : [null])],
    queryFn: ({ signal }) =>
      askFor((forward as TraceRequest).source)(
        'allPaths',
        (e) => e.allPaths(forward as TraceRequest),
        signal,
      ),
    enabled: forward !== null,
    placeholderData: sameSourceKind(forward),
  });
}

/** `runs` packets sent as new connections; `round` starts another batch with a new seed. */
export function useSample(req: TraceRequest | null, runs: number, round: number) {
  const forward: TraceRequest | null = req
    ? { ...req, withReply: false, packets: forwardPackets(req), seed: 1000 + round }
    : null;
  return useQuery({
    queryKey: ['sample', runs, ...(forward ? requestKey(forward) : [null])],
    queryFn: ({ signal }) =>
      askFor((forward as TraceRequest).source)(
        'sample',
        (e) => e.sample(forward as TraceRequest, runs),
        signal,
      ),
    enabled: forward !== null && runs > 0,
  });
}

export function usePrinted(source: RuleSource | null, format: DumpFormat) {
  return useQuery({
    queryKey: ['print', format, ...(source ? sourceKey(source) : [null])],
    queryFn: ({ signal }) =>
      askFor(source as RuleSource)('print', (e) => e.print(source as RuleSource, format), signal),
    enabled: source !== null,
    placeholderData: keepPreviousData,
  });
}

export type { PacketInput };
