/**
 * Works out the current trace once for the whole app and hands it down by context. Its children
 * come in as props, so a new answer re-renders only the views that read the trace.
 */
import type { ReactNode } from 'react';
import { CurrentTraceContext, LiveTraceContext, useCurrentTraceValue } from './current-trace.ts';

export function CurrentTraceScope({ children }: { children: ReactNode }) {
  const { shown, live } = useCurrentTraceValue();
  return (
    <LiveTraceContext value={live}>
      <CurrentTraceContext value={shown}>{children}</CurrentTraceContext>
    </LiveTraceContext>
  );
}
