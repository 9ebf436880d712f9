/** How many tables, chains and rules a ruleset has, and each chain's policy and rule count. */
import type { Ruleset } from '../../engine/rules/model.ts';

export function RulesetSummary({ ruleset }: { ruleset: Ruleset }) {
  let chains = 0;
  let rules = 0;
  for (const t of ruleset.tables) {
    chains += t.chains.length;
    for (const c of t.chains) rules += c.rules.length;
  }
  return (
    <section aria-labelledby="summary-title" className="summary">
      <h2 id="summary-title">What the engine found</h2>
      <p className="counts" data-testid="counts">
        <span data-testid="count-tables">{ruleset.tables.length}</span> tables ·{' '}
        <span data-testid="count-chains">{chains}</span> chains ·{' '}
        <span data-testid="count-rules">{rules}</span> rules
        <span className="muted">
          {' '}
          ({ruleset.format === 'save'
            ? 'iptables-save'
            : `iptables -${ruleset.format}`} format, {ruleset.family === 'ipv4' ? 'IPv4' : 'IPv6'})
        </span>
      </p>
      <div className="tables">
        {ruleset.tables.map((t) => (
          <table key={t.name} data-testid={`table-${t.name}`}>
            <caption>{t.name}</caption>
            <thead>
              <tr>
                <th scope="col">chain</th>
                <th scope="col">policy</th>
                <th scope="col">rules</th>
              </tr>
            </thead>
            <tbody>
              {t.chains.map((c) => (
                <tr key={c.name}>
                  <th scope="row">{c.name}</th>
                  <td>{c.builtin ? c.policy : <span className="muted">user chain</span>}</td>
                  <td className="num">{c.rules.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
