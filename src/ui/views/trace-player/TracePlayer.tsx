/**
 * The trace player: the list of steps, the controls and the result. The position lives in
 * usePlayerStore, which the other views read too; a new trace puts the player back at the start
 * (the same trace loaded again by another view keeps the position).
 */
import type { TraceResult, TraceStep } from '../../../engine/netfilter/trace.ts';
import type { Lang } from '../shared/lang.ts';
import '../shared/views.css';
import { PlayerControls } from './PlayerControls.tsx';
import { ResultLine } from './ResultLine.tsx';
import { StepList } from './StepList.tsx';
import { strings } from './strings.ts';
import { useDrivePlayer } from './use-drive-player.ts';

export interface TracePlayerProps {
  steps: readonly TraceStep[];
  result?: TraceResult | null;
  lang: Lang;
  /** listen for Space, ←, →, Home and End on the page (default true; false where another view does) */
  keyboard?: boolean;
  /** show the buttons here (default true); false where the page shows them elsewhere */
  controls?: boolean;
}

export function TracePlayer(props: TracePlayerProps) {
  const { steps, result, lang, keyboard = true, controls = true } = props;
  const t = strings[lang];
  useDrivePlayer(steps, keyboard);
  return (
    <section className="nv-panel nv-player" data-testid="trace-player" aria-label={t.title}>
      <h2 className="nv-panel-title">
        {t.title} <small>{t.keys}</small>
      </h2>
      {controls ? <PlayerControls lang={lang} /> : null}
      {steps.length ? (
        <StepList steps={steps} lang={lang} />
      ) : (
        <p className="nv-hint">{t.noSteps}</p>
      )}
      {result ? <ResultLine result={result} lang={lang} /> : null}
    </section>
  );
}
