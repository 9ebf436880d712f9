/**
 * `iptables (IPv4) | ip6tables (IPv6)` above a dual-stack node's rules: which of its two rulesets
 * the rule table, the printed text and the chain graph show. It follows the traced packet's
 * family until the reader flips it (family-state.ts).
 */
import { useLang } from '../i18n/index.ts';
import { useSummary } from '../queries/scenario.ts';
import { useScenario } from '../stores/scenario-store.ts';
import type { AddressFamily } from '../../worker/protocol.ts';
import { destinationFamily } from '../packet/packet-form.ts';
import { offersSwitch } from './family-state.ts';
import { useFamilyFlip } from './family-store.ts';
import { familyStrings } from './strings.ts';

const FAMILIES: readonly AddressFamily[] = ['ipv4', 'ipv6'];

export function FamilySwitch({ shown }: { shown: AddressFamily }) {
  const t = familyStrings[useLang()];
  const families = useSummary()?.families;
  const sent = useScenario((s) => s.sent);
  const flipTo = useFamilyFlip((s) => s.flipTo);
  if (!offersSwitch(families)) return null;
  const traced = sent ? destinationFamily(sent.form.destination) : null;
  return (
    <div className="family-switch">
      <div
        role="group"
        aria-label={t.switchLabel}
        className="segmented small"
        data-testid="rules-family"
      >
        {FAMILIES.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={shown === f}
            data-family={f}
            onClick={() => flipTo(f, sent)}
          >
            {t.option[f]}
          </button>
        ))}
      </div>
      {traced !== null && traced !== shown ? (
        <p className="muted small" data-testid="rules-family-note">
          {t.notTraced}
        </p>
      ) : null}
    </div>
  );
}
