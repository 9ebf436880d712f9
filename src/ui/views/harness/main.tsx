/**
 * A page to look at the views on their own, fed with real traces that
 * e2e/views-harness/make-fixtures.ts makes with the engine. Served by the Vite dev server at
 * /src/ui/views/harness/index.html; the production build does not include it.
 * Query: ?scenario=clusterip|reject|nodeport|big &lang=en|ko &theme=light|dark &step=N &only=VIEW
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuleProvenance } from '../../../engine/cluster/node/provenance.ts';
import type { Backend } from '../../../engine/netfilter/host.ts';
import type { Outcome, SampledOutcome } from '../../../engine/netfilter/simulate.ts';
import type { TraceResult, TraceStep } from '../../../engine/netfilter/trace.ts';
import type { Ruleset } from '../../../engine/rules/index.ts';
import { ChainGraph } from '../chain-graph/ChainGraph.tsx';
import { NetfilterDiagram } from '../netfilter-diagram/NetfilterDiagram.tsx';
import { PacketPanel } from '../packet-panel/PacketPanel.tsx';
import { Probabilities } from '../probabilities/Probabilities.tsx';
import { RuleTable } from '../rule-table/RuleTable.tsx';
import type { Lang } from '../shared/lang.ts';
import { ruleOf } from '../shared/steps.ts';
import { TracePlayer } from '../trace-player/TracePlayer.tsx';
import { usePlayerStore } from '../trace-player/player-store.ts';
import './harness.css';

interface Scenario {
  name: string;
  node: string;
  backend: Backend;
  ruleset: Ruleset;
  provenance: (RuleProvenance & { ruleId: string })[];
  steps: TraceStep[];
  result: TraceResult;
  outcomes: Outcome[];
  samples: SampledOutcome[];
}

const q = new URLSearchParams(location.search);
const lang: Lang = q.get('lang') === 'ko' ? 'ko' : 'en';
if (q.get('theme') === 'dark') document.documentElement.dataset['theme'] = 'dark';
document.documentElement.lang = lang;

/** The table and chain of the step at `current` (or the last one before it that has one). */
function chainAt(steps: readonly TraceStep[], current: number): { table: string; chain: string } {
  for (let i = Math.min(current, steps.length - 1); i >= 0; i--) {
    const s = steps[i];
    const r = s ? ruleOf(s) : null;
    if (r) return r;
    if (s?.kind === 'table-enter') return { table: s.table, chain: s.chain };
  }
  return { table: 'nat', chain: 'PREROUTING' };
}

function Harness({ sc }: { sc: Scenario }) {
  const current = usePlayerStore((s) => s.current);
  const only = q.get('only');
  const show = (v: string) => only === null || only === v;
  // the chain of the current step, as the shell would follow it
  const at = chainAt(sc.steps, current);
  const [picked, setPicked] = useState<string | null>(null);
  const [samples, setSamples] = useState<SampledOutcome[] | undefined>(undefined);
  const chain = picked ?? at.chain;
  return (
    <>
      <div className="h-bar">
        <strong>views harness</strong> <span>{sc.name}</span> <span>{sc.node}</span>
      </div>
      <div className="h-grid">
        <div className="h-col">
          {show('player') ? <TracePlayer steps={sc.steps} result={sc.result} lang={lang} /> : null}
          {show('packet') ? <PacketPanel steps={sc.steps} current={current} lang={lang} /> : null}
          {show('probabilities') ? (
            <Probabilities
              outcomes={sc.outcomes}
              {...(samples ? { samples } : {})}
              onSample={(n) =>
                setSamples(
                  sc.samples.map((s) => ({
                    ...s,
                    count: Math.round(s.share * n),
                  })),
                )
              }
              lang={lang}
            />
          ) : null}
        </div>
        <div className="h-col">
          {show('diagram') ? (
            <NetfilterDiagram steps={sc.steps} current={current} backend={sc.backend} lang={lang} />
          ) : null}
          {show('graph') ? (
            <ChainGraph
              ruleset={sc.ruleset}
              table={at.table}
              steps={sc.steps}
              current={current}
              selectedChain={chain}
              onSelectChain={setPicked}
              lang={lang}
            />
          ) : null}
          {show('rules') ? (
            <RuleTable
              ruleset={sc.ruleset}
              table={at.table}
              chain={chain}
              steps={sc.steps}
              current={current}
              provenance={sc.provenance}
              lang={lang}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}

async function main() {
  const res = await fetch('/test-results/views-harness/fixtures.json');
  const all = (await res.json()) as Record<string, Scenario>;
  const sc = all[q.get('scenario') ?? 'clusterip'] ?? all['clusterip'];
  if (!sc) throw new Error('no scenario');
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Harness sc={sc} />
    </StrictMode>,
  );
  const step = Number(q.get('step') ?? '-1');
  // after the player has taken the steps, go to the asked step
  setTimeout(() => {
    const player = usePlayerStore.getState();
    if (player.count !== sc.steps.length) player.setSteps(sc.steps.length);
    player.seek(step);
  }, 50);
}

void main();
