/**
 * The Host tab's warnings (infer-host-warnings.ts): what in the host changes traces in a way the
 * form does not show. Each says what it changes and goes to the field it is about.
 */
import { useMemo } from 'react';
import type { HostDocument, HostGuess } from '../../engine/netfilter/infer-host.ts';
import { hostWarnings, type HostWarning } from '../../engine/netfilter/infer-host-warnings.ts';
import { useLang } from '../i18n/index.ts';
import { focusHost } from './dump-store.ts';
import { dumpStrings, type DumpStrings } from './strings.ts';

function say(w: HostWarning, t: DumpStrings['host']['warnings']): string {
  switch (w.kind) {
    case 'overlap':
      return t.overlap(w.a.address, w.a.iface, w.b.address, w.b.iface, w.net, w.winner);
    case 'pod-network-guessed':
      return t.podGuessed(w.iface, w.address, w.net);
    case 'pod-network-absent':
      return t.podAbsent(w.uplink);
    case 'pod-network-routed':
      return t.podRouted(w.pattern, w.cidr, w.uplink);
  }
}

export function HostWarnings(props: { doc: HostDocument; guesses: readonly HostGuess[] }) {
  const t = dumpStrings[useLang()].host.warnings;
  const { doc, guesses } = props;
  const list = useMemo(() => hostWarnings(doc, guesses), [doc, guesses]);
  if (list.length === 0) return null;
  return (
    <section className="host-warnings banner warning" data-testid="host-warnings">
      <strong>{t.title}</strong>
      <ul>
        {list.map((w, i) => (
          <li key={i} data-kind={w.kind}>
            {say(w, t)}{' '}
            <button type="button" className="link" onClick={() => focusHost(w.path)}>
              {t.show}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
