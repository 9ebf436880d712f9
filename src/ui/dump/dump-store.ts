/**
 * The dump workspace's state: how the parse in the worker is going, the summary it answered
 * with (the ruleset itself stays in the worker), and what the user looks at in the workspace.
 */
import { create } from 'zustand';
import type { DumpOutline, DumpSearchMode, DumpSummary } from '../../worker/dump-protocol.ts';

export type ParseStatus = 'idle' | 'parsing' | 'ready' | 'cancelled' | 'failed';
export type DumpTab = 'chains' | 'host' | 'sets' | 'search' | 'problems';

export interface DumpState {
  status: ParseStatus;
  /** characters read and the text's length, while parsing */
  done: number;
  total: number;
  summary: DumpSummary | null;
  /**
   * while a big dump is parsed in full: its outline (chains, counts) from the outline worker,
   * enough for the chain list and search; null once the summary is here
   */
  outline: DumpOutline | null;
  /** the text the summary (or the running parse) is of */
  parsedText: string | null;
  error: string | null;
  /** bumped by "parse again" so the loader runs for the same text */
  retry: number;
  tab: DumpTab;
  /** a big dump's text is in the editor (asked for) rather than in the light text view */
  editText: boolean;
  /** the chain opened in the chain list, or null for the list itself */
  open: { table: string; chain: string } | null;
  listTable: string | null;
  chainFilter: string;
  searchMode: DumpSearchMode;
  searchText: string;
  includeOpen: boolean;
  /** a place in the host form to bring into view and focus (`interfaces[0].addresses`); `seq` asks again */
  hostFocus: { path: string; seq: number } | null;
  /** the node's `ipset save` (or `ipset list`) text, traced beside the rules */
  ipsetText: string;
  set(patch: Partial<Omit<DumpState, 'set'>>): void;
}

export const useDump = create<DumpState>()((set) => ({
  status: 'idle',
  done: 0,
  total: 0,
  summary: null,
  outline: null,
  parsedText: null,
  error: null,
  retry: 0,
  tab: 'chains',
  editText: false,
  open: null,
  listTable: null,
  chainFilter: '',
  searchMode: 'comment',
  searchText: '',
  includeOpen: false,
  hostFocus: null,
  ipsetText: '',
  set: (patch) => set(patch),
}));

/** Opens the Host tab at `path` of the host document (a field, a row, a list). */
export function focusHost(path: string): void {
  const st = useDump.getState();
  st.set({ tab: 'host', hostFocus: { path, seq: (st.hostFocus?.seq ?? 0) + 1 } });
}

/** log-scaled share of the largest count: 1,000 of 1,000,000 packets is a half-full bar, not a sliver */
export function heat(packets: number, max: number): number {
  if (packets <= 0 || max <= 0) return 0;
  return Math.log10(1 + packets) / Math.log10(1 + max);
}
