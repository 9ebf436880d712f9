/**
 * What the share feature shows around the app: a link waiting for the user's answer, the latest
 * notice (a link copied, a file offered, an error, an undo), and a step waiting for its trace.
 */
import { create } from 'zustand';
import type { SentPacket } from '../stores/scenario-store.ts';
import type { ScenarioDoc, ShareError } from '../../engine/scenario/doc.ts';

/** A player position to restore once the trace of `text` (in `mode`) is on screen. */
export interface PendingStep {
  step: number;
  mode: 'cluster' | 'dump';
  text: string;
  /** the packet the step belongs to: sending another one drops the step */
  sent: SentPacket | null;
}

export type Notice =
  /** a link was made: shown so it can be copied by hand if the clipboard refused */
  | { kind: 'link'; url: string; copied: boolean; withoutDump?: boolean }
  /** too long for a link: offered as a file */
  | { kind: 'too-long'; chars: number }
  | { kind: 'error'; error: ShareError; from: 'link' | 'file' }
  /** something replaced the user's work: one click puts it back */
  | { kind: 'undo'; what: 'reset' | 'link' | 'file' | 'example'; previous: ScenarioDoc }
  | { kind: 'exported'; file: string }
  | { kind: 'export-failed' }
  /** a dump scenario opened without its dump: the reader's own dump (if any) is traced */
  | { kind: 'without-dump'; hasOwn: boolean }
  | { kind: 'no-trace' }
  | { kind: 'storage-full' };

export interface ShareState {
  /** a decoded link or file waiting for "open it or keep my work" */
  asking: { doc: ScenarioDoc; from: 'link' | 'file' } | null;
  notice: Notice | null;
  pendingStep: PendingStep | null;
  /** "Copy link" in the dump workspace, waiting for "with the dump or without it?" */
  askingDumpLink: boolean;
  askDumpLink(asking: boolean): void;
  ask(doc: ScenarioDoc, from: 'link' | 'file'): void;
  answered(): void;
  notify(n: Notice | null): void;
  setPendingStep(p: PendingStep | null): void;
}

export const useShareStore = create<ShareState>()((set) => ({
  asking: null,
  notice: null,
  pendingStep: null,
  askingDumpLink: false,
  askDumpLink: (askingDumpLink) => set({ askingDumpLink }),
  ask: (doc, from) => set({ asking: { doc, from } }),
  answered: () => set({ asking: null }),
  notify: (notice) => set({ notice }),
  setPendingStep: (pendingStep) => set({ pendingStep }),
}));
