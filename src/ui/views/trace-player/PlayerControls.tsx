/** First, back, play or pause, forward, last and speed: each subscribes only to what it shows. */
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
  const { play, pause, step, first, last, setSpeed } = usePlayerStore.getState();
  const atStart = current < 0;
  const atEnd = current >= count - 1;
  const atFirst = count === 0 || current === 0;
  return (
    <div className="nv-controls" role="toolbar" aria-label={t.title}>
      <button
        type="button"
        onClick={first}
        disabled={atFirst}
        title={`${t.first} (Home)`}
        aria-label={t.first}
        data-testid="player-first"
      >
        <Icon name="first" />
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
      <button
        type="button"
        onClick={last}
        disabled={count === 0 || atEnd}
        title={`${t.last} (End)`}
        aria-label={t.last}
        data-testid="player-last"
      >
        <Icon name="last" />
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
