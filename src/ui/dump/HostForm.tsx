/**
 * The host a dump is traced on: guessed from the rules (with the reasons), editable as a small
 * form. Each field shows what the host reader says of it; the edited host is the scenario's
 * dumpHost (null: the guess).
 */
import type { HostDocument } from '../../engine/netfilter/infer-host.ts';
import type { DumpSummary } from '../../worker/dump-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useRef } from 'react';
import { useCheckHost } from './dump-queries.ts';
import { HostWarnings } from './HostWarnings.tsx';
import { useHostFocus } from './use-host-focus.ts';
import { asHostDoc } from './host-doc.ts';
import { GuessReasons, InterfaceRows, Problems, RouteRows } from './HostFields.tsx';
import { dumpStrings } from './strings.ts';

export function HostForm({ summary }: { summary: DumpSummary }) {
  const t = dumpStrings[useLang()].host;
  const stored = useScenario((s) => s.dumpHost);
  const setHost = useScenario((s) => s.setDumpHost);
  const inferred = summary.inferred.host;
  const doc = asHostDoc(stored, inferred);
  const check = useCheckHost(doc);
  const diags = check.data ?? [];
  const edit = (f: (d: HostDocument) => HostDocument) => setHost(f(structuredClone(doc)));
  // the inputs keep what is typed; a reset or another dump starts them over
  const version = `${summary.id}:${stored === null ? 'guess' : 'edit'}`;
  const box = useRef<HTMLDivElement>(null);
  const fields = { doc, diags, edit, version, t };
  useHostFocus(box);
  return (
    <div className="host-form" data-testid="host-form" ref={box}>
      <HostWarnings doc={doc} guesses={summary.inferred.guesses} />
      <p className="hint">
        {stored === null ? t.inferred : t.edited}{' '}
        {stored !== null ? (
          <button
            type="button"
            className="link"
            onClick={() => setHost(null)}
            data-testid="host-reset"
          >
            {t.reset}
          </button>
        ) : null}
      </p>
      <InterfaceRows {...fields} />
      <RouteRows {...fields} />
      <label className="host-check">
        <input
          type="checkbox"
          checked={doc.ipForward}
          onChange={(e) => edit((d) => ({ ...d, ipForward: e.target.checked }))}
          data-testid="host-ip-forward"
          data-path="ipForward"
        />{' '}
        {t.ipForward}
      </label>
      <Problems list={diags.filter((d) => d.path === '' || d.path === 'ipForward')} />
      {diags.some((d) => d.severity === 'error') ? (
        <p className="banner error">{t.invalid}</p>
      ) : null}
      <GuessReasons summary={summary} open={stored === null} t={t} />
    </div>
  );
}
