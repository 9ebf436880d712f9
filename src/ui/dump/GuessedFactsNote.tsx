/**
 * Under the trace result in dump mode: the guessed host facts the trace turned on
 * (infer-host-facts.ts), each a link to it in the Host tab. A verdict that rests on a guess
 * should say so: the guess may be wrong for the user's node.
 */
import { useMemo } from 'react';
import { guessedFactsBehind, type GuessedFact } from '../../engine/netfilter/infer-host-facts.ts';
import { useLang } from '../i18n/index.ts';
import { useCurrentTrace } from '../queries/current-trace.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { focusHost, useDump } from './dump-store.ts';
import { asHostDoc } from './host-doc.ts';
import { dumpStrings, type DumpStrings } from './strings.ts';

function say(f: GuessedFact, t: DumpStrings['facts']): string {
  switch (f.kind) {
    case 'address':
      return t.address(f.iface, f.address, f.by);
    case 'connected':
      return t.connected(f.iface, f.address, f.net);
    case 'default-route':
      return t.defaultRoute(f.via, f.dev);
    case 'not-local':
      return t.notLocal(f.address);
    case 'forwarding':
      return t.forwarding(f.on);
  }
}

export function GuessedFactsNote() {
  const t = dumpStrings[useLang()].facts;
  const dumpMode = useScenario((s) => s.mode) === 'dump';
  const stored = useScenario((s) => s.dumpHost);
  const summary = useDump((s) => s.summary);
  const { steps, response } = useCurrentTrace();
  const facts = useMemo(() => {
    if (!dumpMode || !summary || !response?.result) return [];
    const { host, guesses } = summary.inferred;
    return guessedFactsBehind(steps, asHostDoc(stored, host), guesses);
  }, [dumpMode, summary, response, steps, stored]);
  if (facts.length === 0) return null;
  return (
    <div className="banner warning guessed-facts" data-testid="guessed-facts">
      <strong>{t.title}</strong>
      <ul>
        {facts.map((f, i) => (
          <li key={i} data-kind={f.kind}>
            {say(f, t)}{' '}
            <button type="button" className="link" onClick={() => focusHost(f.path)}>
              {t.check}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
