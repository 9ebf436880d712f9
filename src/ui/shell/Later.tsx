/**
 * Mounts its children a frame or two after the page first paints. The first frame then styles
 * and lays out only part of the page, and each later part gets a frame of its own: no single
 * long task for the whole app at once. The placeholder keeps the part's place meanwhile.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** in a background tab animation frames do not run: mount anyway after this long */
const AT_THE_LATEST_MS = 400;

/**
 * False until `frames` frames have been painted since `ready` (and `after`, if given) first
 * came true; true from then on. A part that appears with new data (the first trace) then gets
 * a frame of its own, instead of being styled and laid out with everything else that came.
 */
export function useStaged(ready: boolean, frames: number, after?: Promise<unknown>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return undefined;
    let live = true;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      clearTimeout(latest);
      // after the frame has painted, as a transition: rendered in slices, committed at once
      timer = setTimeout(() => startTransition(() => setShown(true)));
    };
    const wait = (left: number) => {
      frame = requestAnimationFrame(() => (left > 1 ? wait(left - 1) : show()));
    };
    const start = () => {
      if (!live) return;
      latest = setTimeout(() => {
        cancelAnimationFrame(frame);
        show();
      }, AT_THE_LATEST_MS);
      wait(frames);
    };
    if (after) void after.then(start, start);
    else start();
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(latest);
    };
  }, [ready, shown, frames, after]);
  return shown;
}

export function Later(props: {
  frames: number;
  placeholder: ReactNode;
  children: ReactNode;
  /** start counting frames once this has settled (an earlier part shown, a chunk loaded) */
  after?: Promise<unknown>;
  /** called once the children have been committed */
  onShown?: () => void;
}) {
  const shown = useStaged(true, props.frames, props.after);
  const { onShown } = props;
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  return shown ? props.children : props.placeholder;
}
