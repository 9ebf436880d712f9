/**
 * Which hop of the journey the other views show. Picking a node in the strip puts that node's
 * part of the journey (its trace of the packet there) in the diagram, the chain graph and the
 * player. The pick remembers the packet and the YAML it was made for: sending another packet
 * or editing the cluster quietly drops it.
 */
import { create } from 'zustand';
import type { JourneyHop } from '../../../engine/cluster/journey/index.ts';
import type { SentPacket } from '../../stores/scenario-store.ts';

export interface HopPick {
  index: number;
  hop: JourneyHop;
  sent: SentPacket;
  yaml: string;
}

export interface JourneyPickState {
  pick: HopPick | null;
  choose(pick: HopPick | null): void;
}

export const useJourneyPick = create<JourneyPickState>()((set) => ({
  pick: null,
  choose: (pick) => set({ pick }),
}));

/** The pick, if it still belongs to the packet sent and the cluster shown. */
export function livePick(
  pick: HopPick | null,
  sent: SentPacket | null,
  yaml: string | null,
): HopPick | null {
  return pick && pick.sent === sent && pick.yaml === yaml ? pick : null;
}

/** Whether the hop-by-hop list is open: the reader's choice, kept when a new journey arrives. */
export interface HopsOpenState {
  open: boolean;
  setOpen(open: boolean): void;
}

export const useHopsOpen = create<HopsOpenState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
