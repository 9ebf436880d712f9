/**
 * Mounts its children a frame or two after the page first paints. The first frame then styles
 * and lays out only part of the page, and each later part gets a frame of its own: no single
 * long task for the whole app at once. The placeholder keeps the part's place meanwhile.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** in a background tab animation frames do not run: mount anyway after this long */
const AT_THE_LATEST_MS = 400;

export function Later(props: { frames: number; placeholder: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const { frames } = props;
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      clearTimeout(latest);
      // after the frame has painted, as a transition: rendered in slices, committed at once
      timer = setTimeout(() => startTransition(() => setShown(true)));
    };
    const wait = (left: number) => {
      frame = requestAnimationFrame(() => (left > 1 ? wait(left - 1) : show()));
    };
    const latest = setTimeout(() => {
      cancelAnimationFrame(frame);
      show();
    }, AT_THE_LATEST_MS);
    wait(frames);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(latest);
    };
  }, [frames]);
  return shown ? props.children : props.placeholder;
}
