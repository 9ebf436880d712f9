/** The reader's flip of the rules' family (family-state.ts says how long it holds). */
import { create } from 'zustand';
import type { AddressFamily } from '../../worker/protocol.ts';
import type { FamilyFlip } from './family-state.ts';

export interface FamilyFlipState {
  flip: FamilyFlip | null;
  flipTo(family: AddressFamily, sent: unknown): void;
}

export const useFamilyFlip = create<FamilyFlipState>()((set) => ({
  flip: null,
  flipTo: (family, sent) => set({ flip: { family, sent } }),
}));
