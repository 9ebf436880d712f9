/** The parser's findings, with the line and column each one points at. */
import type { Diagnostic } from '../../engine/rules/diagnostics.ts';

export function DiagnosticList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  if (diagnostics.length === 0)
    return (
      <p className="ok" data-testid="diagnostics">
        No problems found.
      </p>
    );
  return (
    <section aria-labelledby="diagnostics-title" data-testid="diagnostics">
      <h2 id="diagnostics-title">
        {diagnostics.length} {diagnostics.length === 1 ? 'finding' : 'findings'}
      </h2>
      <ul className="diagnostics">
        {diagnostics.map((d, i) => (
          <li key={i} className={d.severity}>
            <span className="where">
              line {d.line}:{d.column}
            </span>{' '}
            <span className="severity">{d.severity}</span> {d.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
