/**
 * Sends dumps to the dump worker, shows its progress, and keeps the summary it answers with.
 * A file the user opens or drops, or a big paste, goes to the worker at once (a file as the
 * File itself: the worker reads it, nothing waits for the page to have the text); text typed in
 * the editor goes once it settles. Cancel stops the worker; the text stays in the store.
 */
import { useEffect } from 'react';
import type { DumpOutline, DumpSummary } from '../../worker/dump-protocol.ts';
import {
  askDump,
  askPeek,
  callback,
  cancelDumpWork,
  warmDumpWorker,
} from '../../worker/dump-client.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { prepareSkeleton } from './dump-rules.ts';
import { useDump } from './dump-store.ts';
import { readTextInPieces } from './read-text.ts';

type OnProgress = (done: number, total: number) => void;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Texts longer than this are also outlined by the outline worker while the dump worker parses
 * them in full: the chain list is up in a few hundred ms instead of after the whole parse.
 */
const OUTLINE_FROM = 500_000;

/** bumped by every parse started and by Cancel: answers for an older one are dropped */
let generation = 0;
/** bumped by every file or paste given: a file's text that arrives late yields to a newer one */
let given = 0;

export function cancelParse(): void {
  generation++;
  cancelDumpWork();
  // the worker that held the parsed dump is gone, and its id with it
  useDump.getState().set({ status: 'cancelled', summary: null, outline: null });
  askPeek('forgetOutline', (e) => e.forgetOutline()).catch(() => undefined);
}

/** Shows an outline that arrived, unless its parse was replaced or has already finished. */
function showOutline(gen: number, outline: DumpOutline | null): void {
  const st = useDump.getState();
  if (gen !== generation || st.status !== 'parsing' || !outline) return;
  performance.mark('dump:outline');
  st.set({ outline });
}

/**
 * Starts a parse of `parsedText` (null: a file whose text the page does not have yet), and
 * answers its generation (for an outline asked alongside).
 */
function parse(
  total: number,
  parsedText: string | null,
  run: (onProgress: OnProgress) => Promise<DumpSummary>,
): number {
  const st = useDump.getState();
  // a parse of older text is of no use any more: stop it rather than wait for it
  if (st.status === 'parsing') cancelDumpWork();
  const gen = ++generation;
  st.set({ status: 'parsing', done: 0, total, parsedText, error: null, retry: 0, outline: null });
  let shown = 0;
  const onProgress = callback((done: number, all: number) => {
    // a report from a parse since replaced or cancelled is dropped
    if (gen !== generation || done - shown < all / 100) return;
    shown = done;
    useDump.getState().set({ done, total: all });
  });
  run(onProgress).then(
    async (summary) => {
      if (gen !== generation) return;
      performance.mark('dump:summary');
      // the summary of 36,000 chains arrived in this task; the views' skeleton of it (36,000
      // chain objects) is built in the next few, and the store set (a render) after them:
      // short tasks instead of one long one
      await nextTask();
      await prepareSkeleton(summary, nextTask);
      await nextTask();
      if (gen !== generation) return;
      // errors are what the user needs to see first
      const tab = summary.errorCount > 0 ? 'problems' : useDump.getState().tab;
      const outlined = useDump.getState().outline !== null;
      useDump
        .getState()
        .set({ status: 'ready', summary, done: summary.length, tab, outline: null });
      if (outlined) askPeek('forgetOutline', (e) => e.forgetOutline()).catch(() => undefined);
    },
    (err: unknown) => {
      if (gen !== generation) return;
      useDump.getState().set({ status: 'failed', error: String(err), outline: null });
    },
  );
  return gen;
}

/** A big text: parsed in full by the dump worker and outlined by the outline worker at once. */
function parseText(text: string): void {
  // the outline is what the user waits for: its worker gets the text first
  const outline =
    text.length > OUTLINE_FROM ? askPeek('outlineDump', (e) => e.outlineDump(text)) : null;
  const gen = parse(text.length, text, (p) => askDump('loadDump', (e) => e.loadDump(text, p)));
  outline?.then(
    (o) => showOutline(gen, o),
    () => undefined,
  );
}

/**
 * A file opened or dropped: the worker reads and parses it while the page reads it for the
 * text view; the text, once here, is recorded as the parse's so that settling it asks nothing.
 */
export function giveDumpFile(file: File): void {
  performance.mark('dump:given');
  const token = ++given;
  useDump.getState().set({ open: null, editText: false });
  const gen = parse(file.size, null, (p) =>
    askDump('loadDumpFile', (e) => e.loadDumpFile(file, p)),
  );
  const take = (text: string) => {
    if (token !== given) return;
    useDump.getState().set({ parsedText: text });
    useScenario.getState().setDump(text);
  };
  // a small file needs no outline
  if (file.size <= OUTLINE_FROM) {
    void file.text().then(take);
    return;
  }
  // the outline worker reads the file for the chain list; the page reads it too, a piece at a
  // time once the list is on screen (taking in a big dump at once would hold the page)
  const readHere = () => void readTextInPieces(file).then(take);
  askPeek('outlineDumpFile', (e) => e.outlineDumpFile(file)).then(({ outline, text }) => {
    showOutline(gen, outline);
    if (text !== null) take(text);
    else readHere();
  }, readHere);
}

/** A big paste: parsed now, not after the text settles. */
export function giveDumpText(text: string): void {
  performance.mark('dump:given');
  given++;
  useDump.getState().set({ open: null, editText: false });
  parseText(text);
  useScenario.getState().setDump(text);
}

/** Mounted once in dump mode: parses the settled text when it changes, or on "parse again". */
export function useDumpLoader(): void {
  const text = useScenario((s) => s.settledDump);
  const retry = useDump((s) => s.retry);
  // start the worker and warm its parser while the user finds the file
  useEffect(() => {
    warmDumpWorker();
  }, []);
  useEffect(() => {
    const st = useDump.getState();
    if (text === '') {
      // a file given a moment ago is being read: its text is on the way
      if (st.status === 'parsing' && st.parsedText === null) return;
      if (st.status === 'parsing') cancelParse();
      st.set({ status: 'idle', summary: null, outline: null, parsedText: null, error: null });
      return;
    }
    // already parsed, being parsed or cancelled by the user: a re-render, a mode switch or the
    // text of a file given settling asks nothing new ("parse again" does)
    if (st.parsedText === text && st.status !== 'failed' && retry === 0) return;
    parseText(text);
  }, [text, retry]);
}
