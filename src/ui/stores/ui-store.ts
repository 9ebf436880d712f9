/** How the app looks: language, theme, which views are shown, and what is selected in them. */
import { create } from 'zustand';
import type { Lang } from '../../engine/lang.ts';
import type { RulesFormat, RulesView, Theme } from '../../engine/scenario/doc.ts';
import type { RevealRequest } from '../editor/markers.ts';

export type { RulesFormat, RulesView, Theme } from '../../engine/scenario/doc.ts';

export interface UiState {
  lang: Lang;
  theme: Theme;
  rulesView: RulesView;
  rulesFormat: RulesFormat;
  /** the table the chain graph and the rule table show; 'auto' follows the trace */
  table: string;
  /** the chain whose rules the rule table shows; null: the chain of the current step */
  selectedChain: string | null;
  /** which traced packet the player follows: 0 the packet, 1 its reply */
  packetIndex: number;
  /** where the editor should put its cursor next (a problem or a rule's YAML source clicked) */
  reveal: RevealRequest | null;
  setLang(lang: Lang): void;
  setTheme(theme: Theme): void;
  setRulesView(v: RulesView): void;
  setRulesFormat(f: RulesFormat): void;
  setTable(table: string): void;
  selectChain(chain: string | null): void;
  setPacketIndex(i: number): void;
  revealAt(line: number, column: number): void;
}

function preferredTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function preferredLang(): Lang {
  return typeof navigator !== 'undefined' && navigator.language.startsWith('ko') ? 'ko' : 'en';
}

export const useUi = create<UiState>()((set) => ({
  lang: preferredLang(),
  theme: preferredTheme(),
  rulesView: 'table',
  rulesFormat: 'save',
  table: 'auto',
  selectedChain: null,
  packetIndex: 0,
  reveal: null,
  setLang: (lang) => set({ lang }),
  setTheme: (theme) => set({ theme }),
  setRulesView: (rulesView) => set({ rulesView }),
  setRulesFormat: (rulesFormat) => set({ rulesFormat }),
  setTable: (table) => set({ table, selectedChain: null }),
  selectChain: (selectedChain) => set({ selectedChain }),
  setPacketIndex: (packetIndex) => set({ packetIndex }),
  revealAt: (line, column) =>
    set((s) => ({ reveal: { line, column, seq: (s.reveal?.seq ?? 0) + 1 } })),
}));
