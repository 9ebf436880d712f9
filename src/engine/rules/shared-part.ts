/**
 * The parts of rules that several rules may share (match lists, comments, addresses, targets) are
 * never changed once made. Under test they are frozen, so that a change anywhere throws; elsewhere
 * they are left as made, as React leaves its elements outside development: freezing the 400,000
 * such parts of a big dump took about 5 % of its parse. The tests' setup (src/test-setup.ts)
 * turns freezing on before any of the engine is loaded.
 */
const FREEZE =
  (globalThis as { netfilterLabFreezeShared?: boolean }).netfilterLabFreezeShared === true;

/** `value`, frozen under test. */
export function asShared<T>(value: T): T {
  return FREEZE ? (Object.freeze(value) as T) : value;
}
