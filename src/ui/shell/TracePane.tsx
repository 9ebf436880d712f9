/** The right column: build and send a packet, what became of it, the player, the packet, the rules. */
import { useLang, useT } from '../i18n/index.ts';
import { PacketBuilder } from '../packet/PacketBuilder.tsx';
import { useCurrentTrace } from '../queries/current-trace.ts';
import { useStaged } from './Later.tsx';
import { RulesPanel } from './RulesPanel.tsx';
import { TraceSummary } from './TraceSummary.tsx';
import { PacketPanel } from '../views/packet-panel/PacketPanel.tsx';
import { TracePlayer } from '../views/trace-player/TracePlayer.tsx';
import { usePlayerStore } from '../views/trace-player/player-store.ts';

// When the first trace comes, what became of the packet shows in the frame it arrives in, the
// player a frame later and the packet's fields a frame after that: three smaller frames, not one
// long one laying out the whole column.

const NO_STEPS: never[] = [];

function Player() {
  const lang = useLang();
  const { steps, result } = useCurrentTrace();
  const staged = useStaged(!!result, 1);
  if (!result || !staged) return null;
  return <TracePlayer steps={steps} result={result} lang={lang} />;
}

function Packet() {
  const lang = useLang();
  const current = usePlayerStore((s) => s.current);
  const { steps } = useCurrentTrace();
  const staged = useStaged(steps.length > 0, 2);
  return <PacketPanel steps={staged ? steps : NO_STEPS} current={current} lang={lang} />;
}

export function TracePane() {
  const t = useT();
  return (
    <section className="pane trace-pane" aria-label={t.traceRegion}>
      <PacketBuilder />
      <TraceSummary />
      <Player />
      <Packet />
      <RulesPanel />
    </section>
  );
}
