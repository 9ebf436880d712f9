/** prefers-reduced-motion, read where a browser is (the pure modules also run under Node). */
export function prefersReducedMotion(): boolean {
  return (
    typeof globalThis.matchMedia === 'function' &&
    globalThis.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Calls back when the user's motion preference changes; returns the unsubscribe. */
export function watchReducedMotion(cb: (reduce: boolean) => void): () => void {
  if (typeof globalThis.matchMedia !== 'function') return () => {};
  const mq = globalThis.matchMedia('(prefers-reduced-motion: reduce)');
  const on = (e: MediaQueryListEvent) => cb(e.matches);
  mq.addEventListener('change', on);
  return () => mq.removeEventListener('change', on);
}
