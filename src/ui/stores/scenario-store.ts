/**
 * The scenario: the cluster YAML (or a pasted dump), the node on screen, the packet being built
 * and the packet last sent. Components subscribe to single fields (narrow selectors), so typing
 * in the editor re-renders only what reads the text.
 */
import { create } from 'zustand';
import {
  DEFAULT_CLUSTER_YAML,
  DEFAULT_NODE,
  DEFAULT_PACKET,
  DUMP_PACKET,
} from '../scenarios/default.ts';
import type { PacketForm, SentPacket, SourceMode } from '../../engine/scenario/doc.ts';

export type { SentPacket, SourceMode } from '../../engine/scenario/doc.ts';

export interface ScenarioState {
  mode: SourceMode;
  yaml: string;
  /** the YAML once typing paused: what is compiled and checked */
  settledYaml: string;
  /** the last YAML that compiled without errors: what the views show */
  goodYaml: string | null;
  dump: string;
  settledDump: string;
  /** the host a dump is traced on (a host document, docs/formats.md); null: inferred from the dump */
  dumpHost: unknown;
  /** the node whose rules are on screen */
  node: string;
  form: PacketForm;
  sent: SentPacket | null;
  setMode(mode: SourceMode): void;
  setYaml(yaml: string): void;
  setGoodYaml(yaml: string): void;
  settle(yaml: string, dump: string): void;
  setDump(dump: string): void;
  setDumpHost(host: unknown): void;
  setNode(node: string): void;
  editForm(patch: Partial<PacketForm>): void;
  /** `twice`: a second connection from the same client follows the first (no reply then) */
  send(withReply: boolean, twice?: boolean): void;
  reroll(): void;
}

export const useScenario = create<ScenarioState>()((set, get) => ({
  mode: 'cluster',
  yaml: DEFAULT_CLUSTER_YAML,
  settledYaml: DEFAULT_CLUSTER_YAML,
  goodYaml: null,
  dump: '',
  settledDump: '',
  dumpHost: null,
  node: DEFAULT_NODE,
  form: DEFAULT_PACKET,
  sent: { form: DEFAULT_PACKET, withReply: false, seed: 1 },
  // each source has its own kind of packet: a cluster's pods and Services, a dump's addresses
  setMode: (mode) =>
    set((s) =>
      s.mode === mode
        ? {}
        : mode === 'dump'
          ? { mode, form: DUMP_PACKET, sent: null }
          : {
              mode,
              form: DEFAULT_PACKET,
              sent: { form: DEFAULT_PACKET, withReply: false, seed: 1 },
            },
    ),
  setYaml: (yaml) => set({ yaml }),
  setGoodYaml: (goodYaml) => {
    if (get().goodYaml !== goodYaml) set({ goodYaml });
  },
  settle: (settledYaml, settledDump) => set({ settledYaml, settledDump }),
  setDump: (dump) => set({ dump }),
  setDumpHost: (dumpHost) => set({ dumpHost }),
  setNode: (node) => set({ node }),
  editForm: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
  send: (withReply, twice = false) =>
    set((s) => ({
      sent: {
        form: s.form,
        withReply: withReply && !twice,
        ...(twice ? { twice } : {}),
        seed: s.sent?.seed ?? 1,
      },
    })),
  reroll: () =>
    set((s) => (s.sent ? { sent: { ...s.sent, seed: (s.sent.seed % 0x7fffffff) + 1 } } : {})),
}));
