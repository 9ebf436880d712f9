/** Play, pause, step, restart and speed: each subscribes only to what it shows. */
import { memo } from 'react';
import type { Lang } from '../shared/lang.ts';
import { Icon } from './icons.tsx';
import { SPEEDS, usePlayerStore } from './player-store.ts';
import { strings } from './strings.ts';

export const PlayerControls = memo(function PlayerControls({ lang }: { lang: Lang }) {
  const t = strings[lang];
  const playing = usePlayerStore((s) => s.playing);
  const current = usePlayerStore((s) => s.current);
  const count = usePlayerStore((s) => s.count);
  const speed = usePlayerStore((s) => s.speed);
  const reduced = usePlayerStore((s) => s.reducedMotion);
  const { play, pause, step, restart, setSpeed } = usePlayerStore.getState();
  const atStart = current < 0;
  const atEnd = current >= count - 1;
  return (
    <div className="nv-controls" role="toolbar" aria-label={t.title}>
      <button
        type="button"
        onClick={restart}
        disabled={atStart}
        title={t.restart}
        aria-label={t.restart}
      >
        <Icon name="restart" />
      </button>
      <button
        type="button"
        onClick={() => step(-1)}
        disabled={atStart}
        title={`${t.stepBack} (←)`}
        aria-label={t.stepBack}
      >
        <Icon name="back" />
      </button>
      <button
        type="button"
        className="nv-play"
        onClick={playing ? pause : play}
        disabled={count === 0}
        title={`${playing ? t.pause : t.play} (Space)${reduced ? ` — ${t.reducedMotion}` : ''}`}
        aria-label={playing ? t.pause : t.play}
        data-testid="player-play"
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      <button
        type="button"
        onClick={() => step(1)}
        disabled={atEnd}
        title={`${t.stepForward} (→)`}
        aria-label={t.stepForward}
        data-testid="player-forward"
      >
        <Icon name="forward" />
      </button>
      <label className="nv-speed">
        {t.speed}{' '}
        <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
          {(SPEEDS as readonly number[]).includes(speed) ? null : (
            <option value={speed}>{speed}</option>
          )}
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>{' '}
        {t.perSecond}
      </label>
      <span className="nv-position" aria-live="polite" data-testid="player-position">
        {atStart ? t.beforeStart : t.stepOf(current + 1, count)}
      </span>
    </div>
  );
});
