/** The dump worker's answers about a loaded dump, as react-query queries keyed by the dump's id. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ask } from '../../worker/client.ts';
import { askDump, askPeek } from '../../worker/dump-client.ts';
import type { DumpQuery } from '../../worker/dump-protocol.ts';

/**
 * A chain's rows. `partial`: the id is an outline's, asked of the outline worker while the full
 * parse runs; when the full summary arrives the same chain's rows (the very same rows) stay on
 * screen until the dump worker has answered.
 */
export function useDumpRows(
  id: string | null,
  table: string,
  chain: string | null,
  partial = false,
) {
  return useQuery({
    queryKey: ['dump-rows', id, table, chain, partial],
    queryFn: ({ signal }) =>
      partial
        ? askPeek('peekRows', (e) => e.peekRows(id ?? '', table, chain ?? ''), signal)
        : askDump('dumpRows', (e) => e.dumpRows(id ?? '', table, chain ?? ''), signal),
    enabled: id !== null && chain !== null,
    placeholderData: (prev, prevQuery) =>
      prevQuery?.queryKey[2] === table && prevQuery.queryKey[3] === chain ? prev : undefined,
    staleTime: Infinity,
  });
}

export function useDumpChain(
  id: string | null,
  table: string,
  chain: string | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['dump-chain', id, table, chain],
    queryFn: ({ signal }) =>
      askDump('dumpChain', (e) => e.dumpChain(id ?? '', table, chain ?? ''), signal),
    enabled: enabled && id !== null && chain !== null,
    staleTime: Infinity,
  });
}

export function useDumpJumps(id: string | null, table: string | null) {
  return useQuery({
    queryKey: ['dump-jumps', id, table],
    queryFn: ({ signal }) =>
      askDump('dumpJumps', (e) => e.dumpJumps(id ?? '', table ?? ''), signal),
    enabled: id !== null && table !== null,
    staleTime: Infinity,
  });
}

/** A search; `partial` as for useDumpRows (the outline worker answers text and comment modes). */
export function useDumpSearch(id: string | null, q: DumpQuery, partial = false) {
  return useQuery({
    queryKey: ['dump-search', id, q.mode, q.query, q.includeOpen ?? false, partial],
    queryFn: ({ signal }) =>
      partial
        ? askPeek('peekSearch', (e) => e.peekSearch(id ?? '', q), signal)
        : askDump('searchDump', (e) => e.searchDump(id ?? '', q), signal),
    enabled: id !== null && q.query.trim() !== '' && !(partial && q.mode === 'reach'),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** readHost's field diagnostics for the host form (on the cluster worker: never behind a parse). */
export function useCheckHost(doc: unknown) {
  return useQuery({
    queryKey: ['check-host', JSON.stringify(doc ?? null)],
    queryFn: ({ signal }) => ask('checkHost', (e) => e.checkHost(doc), signal),
    enabled: doc !== null && doc !== undefined,
    placeholderData: keepPreviousData,
  });
}
