/**
 * A V8 setting for commands that read one big dump in a single pass and exit. Without it,
 * TurboFan inlines the fast reader's many small methods (save-fast-path.ts, rule-memo.ts) into
 * each other: each optimisation then compiles a large graph on V8's helper threads, often more
 * than once as a new kind of line deoptimises it, and that compiling cost a large share of the
 * CPU time of `print` on a kube-proxy dump while the inlined code ran no faster than the calls
 * it replaced (`npm run bench` measures print by CPU time as well as by the clock).
 *
 * Set when the command starts, before the reader runs hot: V8 reads the flag each time it
 * optimises a function. The browser's worker and the tests keep V8's defaults.
 * print-jit.test.ts checks that the running CLI no longer inlines.
 */
import { setFlagsFromString } from 'node:v8';

export function tuneJitForOnePass(): void {
  setFlagsFromString('--no-turbo-inlining');
}
