/** The family of the rules on screen, for a cluster of `families` (family-state.ts says which). */
import type { AddressFamily } from '../../worker/protocol.ts';
import { destinationFamily } from '../packet/packet-form.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { shownFamily } from './family-state.ts';
import { useFamilyFlip } from './family-store.ts';

export function useShownFamily(families: readonly AddressFamily[] | undefined): AddressFamily {
  const sent = useScenario((s) => s.sent);
  const flip = useFamilyFlip((s) => s.flip);
  const traced = sent ? destinationFamily(sent.form.destination) : null;
  return shownFamily(families, traced, flip, sent);
}
