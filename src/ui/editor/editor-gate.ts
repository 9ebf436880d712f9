/**
 * When Monaco may start loading. Its chunk is large and evaluating it keeps the main thread busy
 * for a long while, so it waits until the first trace is on screen (or a few seconds have
 * passed) and the browser is idle: the default scenario compiles and traces with the main
 * thread free, and the editor arrives just after.
 */
let open: () => void = () => {};
const opened = new Promise<void>((resolve) => {
  open = resolve;
});

// the last resort only (the trace shows, or the YAML is found broken, long before): on a slow
// machine a shorter wait brought Monaco in while the first trace was still being worked out
const LATEST_MS = 10_000;
if (typeof window !== 'undefined') setTimeout(() => open(), LATEST_MS);

/** The first trace is on screen (or the YAML has errors to fix): the editor may come now. */
export function openEditorGate(): void {
  open();
}

/**
 * Resolves once the page has settled: a few idle periods in a row that were whole (no frame due,
 * so nothing left to draw: the trace's views come in several frames), or after `most` ms.
 */
function quiet(most = 1500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback !== 'function') {
      setTimeout(resolve, 300);
      return;
    }
    // a page that draws every frame (a progress bar, a big dump's views) may never be idle:
    // `most` ms is the longest wait either way
    const timer = setTimeout(resolve, most);
    let calm = 0;
    const look = (d: IdleDeadline) => {
      // an idle period is at most 50 ms long, and shorter when a frame is due
      calm = d.timeRemaining() >= 40 ? calm + 1 : 0;
      if (calm >= 2) {
        clearTimeout(timer);
        resolve();
      } else requestIdleCallback(look);
    };
    requestIdleCallback(look);
  });
}

export function whenEditorMayLoad(): Promise<void> {
  return opened.then(() => quiet());
}
