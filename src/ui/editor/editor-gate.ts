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

const LATEST_MS = 4000;
if (typeof window !== 'undefined') setTimeout(() => open(), LATEST_MS);

/** The first trace is on screen: the editor may come now. */
export function openEditorGate(): void {
  open();
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: 1500 });
    else setTimeout(resolve, 50);
  });
}

export function whenEditorMayLoad(): Promise<void> {
  return opened.then(idle);
}
