/**
 * The sent packet's journey across the cluster: the packet builder's packet as a flow, asked of
 * the worker with the same seed (and the same packet on its entry node) as the trace, so the
 * strip and the player show the same endpoint.
 */
import { useQuery } from '@tanstack/react-query';
import { ask } from '../../worker/client.ts';
import type { JourneyRequest } from '../../worker/protocol.ts';
import { flowOf, type FlowOf } from '../views/journey/flow-of.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useSentRequest, useSummary } from './scenario.ts';
import { textKey } from './text-key.ts';

export type JourneyAsk =
  { ok: true; req: JourneyRequest } | Exclude<FlowOf, { ok: true }> | { ok: false; why: 'none' };

/** The journey to ask for, or why there is none (a dump, ICMP, nothing sent yet). */
export function useJourneyRequest(): JourneyAsk {
  const mode = useScenario((s) => s.mode);
  const sent = useScenario((s) => s.sent);
  const goodYaml = useScenario((s) => s.goodYaml);
  const summary = useSummary();
  const traced = useSentRequest();
  if (mode !== 'cluster' || !sent || !summary || goodYaml === null)
    return { ok: false, why: 'none' };
  const f = flowOf(sent.form, summary);
  if (!f.ok) return f;
  const packet = traced?.ok ? traced.req.packets[0] : undefined;
  const entry = traced?.ok && traced.node && packet ? { node: traced.node, packet } : undefined;
  return {
    ok: true,
    req: { yaml: goodYaml, flow: f.flow, seed: sent.seed, ...(entry ? { entry } : {}) },
  };
}

export function useJourney() {
  const a = useJourneyRequest();
  const req = a.ok ? a.req : null;
  const query = useQuery({
    queryKey: [
      'journey',
      req ? textKey(req.yaml) : null,
      req?.flow ?? null,
      req?.seed ?? null,
      req?.entry ?? null,
    ],
    queryFn: ({ signal }) => ask('journey', (e) => e.journey(req as JourneyRequest), signal),
    enabled: req !== null,
  });
  return { ask: a, query };
}
