/**
 * Mounted once in dump mode: sends the settled dump text to the dump worker, shows its progress,
 * and keeps the summary it answers with. Cancel stops the worker; the text stays in the store.
 */
import { useEffect } from 'react';
import { askDump, callback, cancelDumpWork } from '../../worker/dump-client.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useDump } from './dump-store.ts';

let generation = 0;

export function cancelParse(): void {
  generation++;
  cancelDumpWork();
  // the worker that held the parsed dump is gone, and its id with it
  useDump.getState().set({ status: 'cancelled', summary: null });
}

export function useDumpLoader(): void {
  const text = useScenario((s) => s.settledDump);
  const retry = useDump((s) => s.retry);
  useEffect(() => {
    const st = useDump.getState();
    if (text === '') {
      st.set({ status: 'idle', summary: null, parsedText: null, error: null });
      return;
    }
    // already parsed (or being parsed): a re-render or a mode switch asks nothing new
    if (
      st.parsedText === text &&
      st.status !== 'cancelled' &&
      st.status !== 'failed' &&
      retry === 0
    )
      return;
    // a parse of older text is of no use any more: stop it rather than wait for it
    if (st.status === 'parsing') cancelDumpWork();
    const gen = ++generation;
    st.set({
      status: 'parsing',
      done: 0,
      total: text.length,
      parsedText: text,
      error: null,
      retry: 0,
    });
    let shown = 0;
    const onProgress = callback((done: number, total: number) => {
      // a report from a parse since replaced or cancelled is dropped
      if (gen !== generation || done - shown < total / 100) return;
      shown = done;
      useDump.getState().set({ done, total });
    });
    askDump('loadDump', (e) => e.loadDump(text, onProgress)).then(
      (summary) => {
        if (gen !== generation) return;
        performance.mark('dump:summary');
        // errors are what the user needs to see first
        const tab = summary.errorCount > 0 ? 'problems' : useDump.getState().tab;
        useDump.getState().set({ status: 'ready', summary, done: text.length, tab });
      },
      (err: unknown) => {
        if (gen !== generation) return;
        useDump.getState().set({ status: 'failed', error: String(err) });
      },
    );
  }, [text, retry]);
}
