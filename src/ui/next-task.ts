/** Lets the browser run whatever waits (a frame, input, other tasks) before going on. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
