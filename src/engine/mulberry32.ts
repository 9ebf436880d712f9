/**
 * mulberry32, a small seedable generator of 32-bit numbers: the same seed gives the same draws in
 * the browser, the CLI and the tests. The simulator's random branches, a journey's draws and the
 * generated rules of the samples all take it from here.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
