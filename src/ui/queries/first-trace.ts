/**
 * The first answers, asked before React first renders: the saved (or default) cluster compiled
 * and the packet on screen traced, while React builds the page. The answers land in the query
 * cache under the keys the views ask by, so the views' own queries find them there (or join
 * them in flight) instead of asking one after another as each render reveals the next need.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useScenario } from '../stores/scenario-store.ts';
import { compileQuery, traceQuery } from './engine-queries.ts';
import { clusterRequest } from './scenario.ts';
import { takeEarlyCompile } from './early-compile.ts';

/**
 * Asks the compile, then the trace. Nothing when a link is being opened (`hash`: it will replace
 * the text), in a dump, or once the text has changed under it (a lesson resumed): the views then
 * ask for themselves.
 */
export async function askFirstTrace(client: QueryClient, hash: string): Promise<void> {
  const { mode, yaml } = useScenario.getState();
  if (mode !== 'cluster' || hash.length > 1) return;
  // the page's entry may have asked already (early-compile.ts): the query takes that answer
  const early = takeEarlyCompile(yaml);
  const options = compileQuery(yaml);
  const compiled = await client.fetchQuery(early ? { ...options, queryFn: () => early } : options);
  const now = useScenario.getState();
  if (compiled.hasErrors || now.mode !== 'cluster' || now.yaml !== yaml || now.sent === null)
    return;
  // what Settle (App.tsx) records once the compile reaches it: the views show this text
  if (now.goodYaml === null) now.setGoodYaml(yaml);
  else if (now.goodYaml !== yaml) return;
  const sent = clusterRequest(now.sent, compiled.summary, yaml);
  if (sent.ok) await client.prefetchQuery(traceQuery(sent.req));
}
