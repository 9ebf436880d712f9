import { QueryClient } from '@tanstack/react-query';

/**
 * Engine answers are pure functions of their keys: they never go stale, are never refetched
 * on focus, and are not deep-compared (structural sharing of a big ruleset would cost the main
 * thread what the worker saved).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        structuralSharing: false,
      },
    },
  });
}
