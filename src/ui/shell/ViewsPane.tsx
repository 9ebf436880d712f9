/**
 * The views' column: the journey across the cluster, then the stage (the netfilter diagram the
 * packet walks, with the trace player beside it), the chain graph of one table, and the exact
 * probabilities of each outcome beside a sampled histogram.
 */
import { useDeferredValue, useState } from 'react';
import { useLang, useT } from '../i18n/index.ts';
import { useAllPaths, useSample } from '../queries/engine-queries.ts';
import { useCurrentTrace, useLiveTrace } from '../queries/current-trace.ts';
import { type ShownRules } from '../queries/scenario.ts';
import { useDeferredShownRules } from '../queries/deferred-rules.ts';
import { useUi } from '../stores/ui-store.ts';
import { useShownPlace } from './shown-place.ts';
import { JourneyPanel } from './JourneyPanel.tsx';
import { useStaged } from './Later.tsx';
import { ChainGraph } from '../views/chain-graph/ChainGraph.tsx';
import { NetfilterDiagram } from '../views/netfilter-diagram/NetfilterDiagram.tsx';
import { Probabilities } from '../views/probabilities/Probabilities.tsx';
import { usePlayerStore } from '../views/trace-player/player-store.ts';
import { PlayerControls } from '../views/trace-player/PlayerControls.tsx';
import { TracePlayer } from '../views/trace-player/TracePlayer.tsx';
import { useDrivePlayer } from '../views/trace-player/use-drive-player.ts';
import { useDumpGraph } from '../dump/use-dump-graph.ts';
import { LessonSlot } from '../lessons/LessonSlot.tsx';

const NO_STEPS: never[] = [];

function Diagram() {
  const lang = useLang();
  const current = usePlayerStore((s) => s.current);
  const { steps, backend } = useCurrentTrace();
  // its buttons come with the trace, before the step list (Player): they drive the player
  useDrivePlayer(steps);
  return (
    <NetfilterDiagram
      steps={steps}
      current={current}
      backend={backend}
      lang={lang}
      // no trace, no player
      footer={steps.length > 0 ? <PlayerControls lang={lang} /> : null}
    />
  );
}

function Player() {
  const lang = useLang();
  const { steps, result } = useCurrentTrace();
  // a lesson's veiled trace has steps but no result yet: the player still shows them
  const staged = useStaged(!!result || steps.length > 0, 1);
  if ((!result && steps.length === 0) || !staged) return null;
  // its buttons sit under the diagram (Diagram), in sight of the packet they move
  return (
    <TracePlayer
      steps={steps}
      result={result ?? null}
      lang={lang}
      controls={false}
      keyboard={false}
    />
  );
}

/** The picture a learner watches and the controls that move the packet through it, together. */
function Stage() {
  return (
    <div className="stage-room">
      <div className="stage">
        <Diagram />
        <Player />
      </div>
    </div>
  );
}

function TablePicker({ rules, shown }: { rules: ShownRules; shown: string }) {
  const t = useT();
  const chosen = useUi((s) => s.table);
  const setTable = useUi((s) => s.setTable);
  const selectedChain = useUi((s) => s.selectedChain);
  return (
    <div className="graph-tools">
      <label className="field inline">
        <span>{t.table}</span>
        <select
          value={chosen}
          onChange={(e) => setTable(e.target.value)}
          data-testid="table-select"
        >
          <option value="auto">
            {t.followTrace} ({shown})
          </option>
          {rules.ruleset.tables.map((tb) => (
            <option key={tb.name} value={tb.name}>
              {tb.name}
            </option>
          ))}
        </select>
      </label>
      {chosen !== 'auto' || selectedChain !== null ? (
        <button type="button" className="link" onClick={() => setTable('auto')}>
          {t.followTrace}
        </button>
      ) : null}
    </div>
  );
}

function Graph({ rules }: { rules: ShownRules }) {
  const lang = useLang();
  const current = usePlayerStore((s) => s.current);
  const { steps } = useCurrentTrace();
  const place = useShownPlace(rules.ruleset, steps, current);
  const setTable = useUi((s) => s.setTable);
  const selectChain = useUi((s) => s.selectChain);
  const dumpGraph = useDumpGraph(place.table, rules.source.kind === 'dump');
  return (
    <>
      <TablePicker rules={rules} shown={place.table} />
      <ChainGraph
        model={dumpGraph}
        ruleset={rules.ruleset}
        table={place.table}
        steps={place.traced ? steps : NO_STEPS}
        current={current}
        selectedChain={place.chain}
        onSelectChain={(chain: string) => {
          // pin the table the chain belongs to, so stepping on does not move it away
          setTable(place.table);
          selectChain(chain);
        }}
        lang={lang}
      />
    </>
  );
}

/** True from the first trace answered on: the odds are not asked before the trace they explain. */
function useTracedOnce(answered: boolean): boolean {
  const [once, setOnce] = useState(false);
  // state derived while rendering (React re-renders at once, before the commit)
  if (answered && !once) setOnce(true);
  return once || answered;
}

function Odds() {
  const lang = useLang();
  const { sent, trace } = useLiveTrace();
  const req = sent?.ok ? sent.req : null;
  // the worker does one thing at a time: the first trace goes first, then its odds
  const after = useTracedOnce(trace.data !== undefined);
  const paths = useAllPaths(after ? req : null);
  const [runs, setRuns] = useState(0);
  const [round, setRound] = useState(0);
  const samples = useSample(req, runs, round);
  const outcomes = useDeferredValue(paths.data?.result?.outcomes);
  const sampled = runs > 0 ? samples.data?.outcomes : undefined;
  // the first answer gets a frame of its own, after the trace's and the journey's
  const staged = useStaged(!!outcomes, 2);
  if (!outcomes || !staged) return null;
  return (
    <Probabilities
      outcomes={outcomes}
      {...(sampled ? { samples: sampled } : {})}
      onSample={(n: number) => {
        setRuns(n);
        setRound((r) => r + 1);
      }}
      lang={lang}
    />
  );
}

export function ViewsPane() {
  const t = useT();
  const rules = useDeferredShownRules();
  return (
    <section className="pane views-pane" id="main-views" tabIndex={-1} aria-label={t.diagramRegion}>
      <JourneyPanel />
      <LessonSlot name="stage" />
      <Stage />
      <LessonSlot name="graph" />
      {rules ? <Graph rules={rules} /> : null}
      <Odds />
    </section>
  );
}
