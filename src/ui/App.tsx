/**
 * The first page: what Netfilter Lab is, and one ruleset read by the engine and printed back in
 * canonical form. The engine runs here directly for now; it moves into a Web Worker later.
 */
import { useMemo } from 'react';
import { parseRuleset } from '../engine/rules/parse.ts';
import { CanonicalText } from './components/CanonicalText.tsx';
import { DiagnosticList } from './components/DiagnosticList.tsx';
import { RulesetSummary } from './components/RulesetSummary.tsx';
import { EXAMPLE_RULESET } from './example-ruleset.ts';

export function App() {
  const { ruleset, diagnostics } = useMemo(() => parseRuleset(EXAMPLE_RULESET), []);

  return (
    <main className="page">
      <header>
        <h1>Netfilter Lab</h1>
        <p className="lead">
          See what Linux netfilter and kube-proxy do to a packet, rule by rule.
        </p>
      </header>
      <section className="intro">
        <p>
          Netfilter Lab reads the rules a Linux host really has — the text{' '}
          <code>iptables-save</code>, <code>iptables -S</code> or <code>iptables -L -n -v</code>{' '}
          print — and models what the kernel does with them: which tables and chains a packet walks,
          which rule decides its fate, and how kube-proxy turns Kubernetes Services into those
          rules. Everything runs in your browser; nothing is sent anywhere.
        </p>
        <p>
          Below, the engine has read a small example: a web server that also runs one Docker
          container. On the left is the text as written; on the right, the same ruleset printed back
          the way iptables itself prints it — as <code>iptables-save</code>,{' '}
          <code>iptables -S</code> or <code>iptables -L -n -v</code>.
        </p>
      </section>
      <RulesetSummary ruleset={ruleset} />
      <DiagnosticList diagnostics={diagnostics} />
      <div className="texts">
        <section aria-labelledby="input-title">
          <div className="panel-head">
            <h2 id="input-title">As written</h2>
          </div>
          <pre data-testid="input-text">{EXAMPLE_RULESET}</pre>
        </section>
        <CanonicalText ruleset={ruleset} />
      </div>
    </main>
  );
}
