/**
 * The source MAC of a packet arriving from an address, for a dump's `-m mac --mac-source` rules.
 * Out in the form when the dump has such rules (or a MAC is typed); folded away otherwise, where
 * it would only be noise.
 */
import { normalizeMac } from '../../engine/modules/match/mac.ts';
import { useDump } from '../dump/dump-store.ts';
import { useLang } from '../i18n/index.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { strings } from './strings.ts';
import './packet.css';

export function MacField() {
  const t = strings[useLang()];
  const value = useScenario((s) => s.form.srcMac ?? '');
  const editForm = useScenario((s) => s.editForm);
  const macRules = useDump((s) => s.summary?.macRules ?? 0);
  const bad = value.trim() !== '' && normalizeMac(value.trim()) === undefined;
  const field = (
    <label className="field">
      <span>{t.srcMac}</span>
      <input
        data-testid="packet-src-mac"
        value={value}
        placeholder="02:42:ac:11:00:02"
        aria-invalid={bad}
        aria-describedby="packet-src-mac-hint"
        spellCheck={false}
        onChange={(e) => editForm({ srcMac: e.target.value })}
      />
      <span className="hint" id="packet-src-mac-hint">
        {macRules > 0 ? `${t.macRules(macRules)}. ` : ''}
        {t.srcMacHint}
      </span>
    </label>
  );
  if (macRules > 0 || value !== '') return field;
  return (
    <details className="packet-more" data-testid="packet-more">
      <summary>{t.more}</summary>
      {field}
    </details>
  );
}
