/**
 * Opening a scenario from a link or a file: decode, then either put it on screen or, when it
 * would replace work of the user's own, ask first. Whatever replaces the user's work can be
 * undone from the notice that follows.
 */
import { decodeFile, decodeLinkPayload, linkPayloadOf } from '../../engine/scenario/codec.ts';
import type { ScenarioDoc } from '../../engine/scenario/doc.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useShareStore } from './share-store.ts';
import { applySnapshot, takeSnapshot, wouldReplaceWork } from './snapshot.ts';

/** Puts `doc` on screen, keeping what was there for an undo. */
export function replaceWith(doc: ScenarioDoc, what: 'reset' | 'link' | 'file' | 'example'): void {
  const previous = takeSnapshot({ texts: 'both' });
  applySnapshot(doc);
  useShareStore.getState().notify({ kind: 'undo', what, previous });
}

/** A decoded scenario: opened at once when nothing of the user's is at stake, else asked. */
export function offer(doc: ScenarioDoc, from: 'link' | 'file'): void {
  // an earlier failure no longer applies
  if (useShareStore.getState().notice?.kind === 'error') useShareStore.getState().notify(null);
  if (wouldReplaceWork(doc)) useShareStore.getState().ask(doc, from);
  else {
    applySnapshot(doc);
    if (doc.mode === 'dump' && doc.dump === undefined) {
      const hasOwn = useScenario.getState().dump.trim() !== '';
      useShareStore.getState().notify({ kind: 'without-dump', hasOwn });
    }
  }
}

/** The user's answer to "open it or keep my work". */
export function answer(open: boolean): void {
  const { asking, answered } = useShareStore.getState();
  answered();
  if (open && asking) replaceWith(asking.doc, asking.from);
}

/** The link is handled (opened, refused or declined): a reload should not ask again. */
function forgetHash(): void {
  try {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  } catch {
    // a sandboxed frame may refuse; the link then simply stays in the address bar
  }
}

/** Reads a `#s=` link from the address bar, if there is one. */
export async function openLinkFromLocation(): Promise<void> {
  const payload = linkPayloadOf(location.hash);
  if (payload === null) return;
  const decoded = await decodeLinkPayload(payload);
  forgetHash();
  if (decoded.ok) offer(decoded.doc, 'link');
  else useShareStore.getState().notify({ kind: 'error', error: decoded.error, from: 'link' });
}

export async function openFile(file: Blob): Promise<void> {
  const decoded = await decodeFile(file);
  if (decoded.ok) offer(decoded.doc, 'file');
  else useShareStore.getState().notify({ kind: 'error', error: decoded.error, from: 'file' });
}
