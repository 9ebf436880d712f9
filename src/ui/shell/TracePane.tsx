/** The right column: build and send a packet, what became of it, the player, the packet, the rules. */
import { useLang, useT } from '../i18n/index.ts';
import { PacketBuilder } from '../packet/PacketBuilder.tsx';
import { useCurrentTrace } from '../queries/current-trace.ts';
import { RulesPanel } from './RulesPanel.tsx';
import { TraceSummary } from './TraceSummary.tsx';
import { PacketPanel } from '../views/packet-panel/PacketPanel.tsx';
import { TracePlayer } from '../views/trace-player/TracePlayer.tsx';
import { usePlayerStore } from '../views/trace-player/player-store.ts';

function Player() {
  const lang = useLang();
  const { steps, result } = useCurrentTrace();
  if (!result) return null;
  return <TracePlayer steps={steps} result={result} lang={lang} />;
}

function Packet() {
  const lang = useLang();
  const current = usePlayerStore((s) => s.current);
  const { steps } = useCurrentTrace();
  return <PacketPanel steps={steps} current={current} lang={lang} />;
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
