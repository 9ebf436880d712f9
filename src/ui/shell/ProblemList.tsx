/**
 * The diagnostics under the editor: each says where (line:column, a button that goes there) and
 * what. A message's first line is its sentence; lines after it are YAML to paste (the Node
 * objects the loader assumed), shown as written with a button that copies them.
 */
import { useState } from 'react';
import { useLang, useT } from '../i18n/index.ts';
import type { EditorMarker } from '../editor/markers.ts';
import { problemStrings } from './problem-strings.ts';
import './problem-list.css';

function CopyYaml(props: { text: string }) {
  const s = problemStrings[useLang()];
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="problem-copy"
      onClick={() => {
        void navigator.clipboard?.writeText(props.text).then(() => setCopied(true));
      }}
    >
      {copied ? s.copied : s.copy}
    </button>
  );
}

function Problem(props: { marker: EditorMarker; onGoTo(line: number, column: number): void }) {
  const t = useT();
  const s = problemStrings[useLang()];
  const m = props.marker;
  const cut = m.message.indexOf('\n');
  const sentence = cut < 0 ? m.message : m.message.slice(0, cut);
  const yaml = cut < 0 ? '' : m.message.slice(cut + 1);
  return (
    <li className={`problem ${m.severity}`}>
      <button type="button" className="link" onClick={() => props.onGoTo(m.line, m.column)}>
        {t.problemAt(m.line, m.column)}
      </button>{' '}
      <span className="severity">{t.severity[m.severity] ?? m.severity}</span>{' '}
      <span className="message" title={m.original}>
        {sentence}
      </span>
      {yaml ? (
        <>
          <CopyYaml text={yaml} />
          <pre className="problem-detail" aria-label={s.example}>
            {yaml}
          </pre>
        </>
      ) : null}
    </li>
  );
}

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
          <Problem key={i} marker={m} onGoTo={props.onGoTo} />
        ))}
      </ul>
    </section>
  );
}
