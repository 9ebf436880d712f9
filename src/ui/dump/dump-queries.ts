/** The dump worker's answers about a loaded dump, as react-query queries keyed by the dump's id. */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { ask } from '../../worker/client.ts';
import { askDump, askPeek } from '../../worker/dump-client.ts';
import type { DumpQuery } from '../../worker/dump-protocol.ts';

/** A chain's rows, from the full parse (the dump worker). */
export function useDumpRows(id: string | null, table: string, chain: string | null) {
  return useQuery({
    queryKey: ['dump-rows', id, table, chain],
    queryFn: ({ signal }) =>
      askDump('dumpRows', (e) => e.dumpRows(id ?? '', table, chain ?? ''), signal),
    enabled: id !== null && chain !== null,
    staleTime: Infinity,
  });
}

/** Rows per page of a chain read from an outline while the full parse runs. */
export const ROW_PAGE = 200;

/**
 * Pages `pages` of a chain's rows from an outline (`id`), asked of the outline worker: each parses
 * ROW_PAGE rule lines, a few ms, so the first rows of a 9,000-rule chain are up at once. Disabled,
 * the pages already here are still answered (while the full parse's rows are on their way).
 */
export function useOutlineRowPages(
  id: string | null,
  table: string,
  chain: string,
  pages: readonly number[],
  enabled: boolean,
) {
  return useQueries({
    queries: pages.map((page) => ({
      queryKey: ['dump-row-page', id, table, chain, page],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        askPeek(
          'peekRows',
          (e) => e.peekRows(id ?? '', table, chain, page * ROW_PAGE, (page + 1) * ROW_PAGE),
          signal,
        ),
      enabled: enabled && id !== null,
      staleTime: Infinity,
    })),
  });
}

/** Pages of one problem group's rows (ROW_PAGE each), from the full parse. */
export function useProblemPages(id: string, key: string, pages: readonly number[]) {
  return useQueries({
    queries: pages.map((page) => ({
      queryKey: ['dump-problems', id, key, page],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        askDump(
          'dumpProblems',
          (e) => e.dumpProblems(id, key, page * ROW_PAGE, (page + 1) * ROW_PAGE),
          signal,
        ),
      staleTime: Infinity,
    })),
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
