/** The diagnostics under the editor: each says where (line:column, a button that goes there) and what. */
import { useT } from '../i18n/index.ts';
import type { EditorMarker } from '../editor/markers.ts';

export function ProblemList(props: {
  markers: readonly EditorMarker[];
  onGoTo(line: number, column: number): void;
}) {
  const t = useT();
  const { markers } = props;
  if (markers.length === 0)
    return (
      <p className="problems-none" data-testid="problems">
        {t.problemsNone}
      </p>
    );
  return (
    <section className="problems" data-testid="problems" aria-label={t.problems(markers.length)}>
      <h3>{t.problems(markers.length)}</h3>
      <ul>
        {markers.map((m, i) => (
          <li key={i} className={`problem ${m.severity}`}>
            <button type="button" className="link" onClick={() => props.onGoTo(m.line, m.column)}>
              {t.problemAt(m.line, m.column)}
            </button>{' '}
            <span className="severity">{t.severity[m.severity] ?? m.severity}</span>{' '}
            <span className="message">{m.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
