/** The packet's column: build and send a packet, what became of it, the packet, the node's rules. */
import { useLang, useT } from '../i18n/index.ts';
import { PacketBuilder } from '../packet/PacketBuilder.tsx';
import { useCurrentTrace } from '../queries/current-trace.ts';
import { useStaged } from './Later.tsx';
import { RulesPanel } from './RulesPanel.tsx';
import { LessonSlot } from '../lessons/LessonSlot.tsx';
import { useLessonScreen } from '../lessons/LessonChrome.tsx';
import { TraceSummary } from './TraceSummary.tsx';
import { PacketPanel } from '../views/packet-panel/PacketPanel.tsx';
import { usePlayerStore } from '../views/trace-player/player-store.ts';

// When the first trace comes, what became of the packet shows in the frame it arrives in and
// the packet's fields two frames later (the player, beside the diagram, takes the one between):
// smaller frames, not one long one laying out the whole column.

const NO_STEPS: never[] = [];

function Packet() {
  const lang = useLang();
  const current = usePlayerStore((s) => s.current);
  const { steps } = useCurrentTrace();
  const staged = useStaged(steps.length > 0, 2);
  return <PacketPanel steps={staged ? steps : NO_STEPS} current={current} lang={lang} />;
}

export function TracePane() {
  const t = useT();
  const inLesson = useLessonScreen() === 'lesson';
  return (
    <section className="pane trace-pane" aria-label={t.traceRegion}>
      {/* in a lesson the packets are the lesson's, sent from its callout */}
      {inLesson ? null : <PacketBuilder />}
      {inLesson ? null : <TraceSummary />}
      <LessonSlot name="packet" />
      <Packet />
      <LessonSlot name="rules" />
      <RulesPanel />
    </section>
  );
}
