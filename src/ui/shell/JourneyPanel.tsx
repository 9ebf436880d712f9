/**
 * The journey strip wired to the app: the sent packet's journey from the worker, and the hop
 * picked in it, which the other views then show (queries/current-trace.ts reads the pick).
 */
import { useDeferredValue, useMemo } from 'react';
import type { JourneyHop } from '../../engine/cluster/journey/index.ts';
import { useLang } from '../i18n/index.ts';
import { useJourney } from '../queries/journey.ts';
import { useSummary } from '../queries/scenario.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { livePick, useJourneyPick } from '../views/journey/journey-store.ts';
import { JourneyStrip } from '../views/journey/JourneyStrip.tsx';
import { nodeIPsOf } from '../views/journey/node-ips.ts';
import { useStaged } from './Later.tsx';
import { usePlayerStore } from '../views/trace-player/player-store.ts';

/**
 * The player goes back to its start when its steps change (TracePlayer); once it has, move it
 * to the hop's last step, so the picked node's whole part shows at once.
 */
function showWholeHop(steps: number): void {
  const stop = usePlayerStore.subscribe((s) => {
    if (s.count !== steps || s.current !== -1) return;
    stop();
    clearTimeout(timer);
    s.seek(steps - 1);
  });
  const timer = setTimeout(stop, 2000);
}

export function JourneyPanel() {
  const lang = useLang();
  const mode = useScenario((s) => s.mode);
  const sent = useScenario((s) => s.sent);
  const yaml = useScenario((s) => s.goodYaml);
  const summary = useSummary();
  const { ask, query } = useJourney();
  const pick = livePick(
    useJourneyPick((s) => s.pick),
    sent,
    yaml,
  );
  const choose = useJourneyPick((s) => s.choose);
  const family = ask.ok ? ask.req.flow.family : undefined;
  const nodeIPs = useMemo(() => nodeIPsOf(summary, family), [summary, family]);
  // a new journey renders at low priority, after the views that show the trace
  const answered = useDeferredValue(query.data);
  // the first journey gets a frame of its own after the trace's (see Later.tsx)
  const staged = useStaged(answered !== undefined, 1);
  const response = staged ? answered : undefined;
  if (mode !== 'cluster' || (!ask.ok && ask.why === 'none')) return null;
  // a pick made on another journey of the same packet (an older answer) does not count
  const picked = pick && response?.journey?.hops[pick.index] === pick.hop ? pick.index : null;
  const onPick = (index: number | null, hop: JourneyHop | null) => {
    if (index === null || hop === null || !sent || yaml === null) {
      choose(null);
      return;
    }
    choose({ index, hop, sent, yaml });
    showWholeHop(hop.trace.steps.length);
  };
  return (
    <JourneyStrip
      response={response}
      unavailable={ask.ok ? null : ask.why}
      pending={query.isFetching || (answered !== undefined && !staged)}
      picked={picked}
      onPick={onPick}
      nodeIPs={nodeIPs}
      lang={lang}
    />
  );
}
