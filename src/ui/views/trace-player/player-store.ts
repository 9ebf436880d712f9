/**
 * The trace player's position. `current` indexes the trace's steps (-1 = before the first).
 * The timer that advances it lives here, outside React state, so a tick re-renders only the
 * components that select `current`. Under prefers-reduced-motion, play moves one step and
 * does not start the timer.
 */
import { create } from 'zustand';
import { prefersReducedMotion } from '../shared/motion.ts';

export interface PlayerState {
  current: number;
  playing: boolean;
  /** steps per second */
  speed: number;
  count: number;
  reducedMotion: boolean;
  /**
   * A new trace of `n` steps: back to the start. Given the steps themselves (`of`), a second
   * call for the same trace keeps the position, so every view that shows the trace can load it.
   */
  setSteps(n: number, of?: object): void;
  seek(i: number): void;
  step(delta: number): void;
  play(): void;
  pause(): void;
  toggle(): void;
  restart(): void;
  /** jump to the first step, or to the last one, and pause there */
  first(): void;
  last(): void;
  setSpeed(s: number): void;
  setReducedMotion(reduce: boolean): void;
}

export const SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 60;

let timer: ReturnType<typeof setInterval> | null = null;
/** the steps the position belongs to (not state: no view renders from it) */
let loaded: object | undefined;

function stopTimer(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

function clamp(i: number, count: number): number {
  if (!Number.isFinite(i)) return -1;
  return Math.max(-1, Math.min(count - 1, Math.trunc(i)));
}

export const usePlayerStore = create<PlayerState>()((set, get) => {
  const tick = () => {
    const { current, count } = get();
    if (current >= count - 1) {
      get().pause();
      return;
    }
    set({ current: current + 1 });
    if (current + 1 >= count - 1) get().pause();
  };
  const startTimer = () => {
    stopTimer();
    timer = setInterval(tick, 1000 / get().speed);
  };
  return {
    current: -1,
    playing: false,
    speed: 2,
    count: 0,
    reducedMotion: prefersReducedMotion(),
    setSteps(n, of) {
      if (of !== undefined && of === loaded) return;
      loaded = of;
      stopTimer();
      set({ count: Math.max(0, Math.trunc(n)), current: -1, playing: false });
    },
    seek(i) {
      set({ current: clamp(i, get().count) });
    },
    step(delta) {
      get().pause();
      set({ current: clamp(get().current + delta, get().count) });
    },
    play() {
      const { count, reducedMotion } = get();
      if (count === 0) return;
      if (reducedMotion) {
        get().step(1);
        return;
      }
      // playing from the end starts over, as media players do
      if (get().current >= count - 1) set({ current: -1 });
      set({ playing: true });
      startTimer();
    },
    pause() {
      stopTimer();
      if (get().playing) set({ playing: false });
    },
    toggle() {
      if (get().playing) get().pause();
      else get().play();
    },
    restart() {
      get().pause();
      set({ current: -1 });
    },
    first() {
      get().pause();
      set({ current: clamp(0, get().count) });
    },
    last() {
      get().pause();
      set({ current: get().count - 1 });
    },
    setSpeed(s) {
      if (!Number.isFinite(s)) return;
      set({ speed: Math.max(MIN_SPEED, Math.min(MAX_SPEED, s)) });
      if (get().playing) startTimer();
    },
    setReducedMotion(reduce) {
      set({ reducedMotion: reduce });
      if (reduce) get().pause();
    },
  };
});
