/**
 * The Sets tab of the dump workspace: the node's `ipset save` (or `ipset list`) text beside the
 * rules (paste, drop or open a file), the sets read from it, its problems at their line, and
 * the sets the rules name that no text defines, each once with how many rules depend on it.
 */
import { useMemo, useRef, useState, type DragEvent } from 'react';
import type { DumpSummary } from '../../../worker/dump-protocol.ts';
import { diagnosticText } from '../../diagnostics/diagnostic-text.ts';
import { useLang } from '../../i18n/index.ts';
import { useUi } from '../../stores/ui-store.ts';
import { useDump } from '../dump-store.ts';
import { ipsetView, type IpsetView } from './ipset-view.ts';
import { ipsetStrings } from './strings.ts';
import './ipsets.css';

export function IpsetPanel(props: { summary: DumpSummary }) {
  const lang = useLang();
  const t = ipsetStrings[lang];
  const text = useDump((s) => s.ipsetText);
  const set = useDump((s) => s.set);
  const revealAt = useUi((s) => s.revealAt);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const view = useMemo(() => ipsetView(text, props.summary.setUses), [text, props.summary]);
  const load = (file: File | undefined) => {
    if (file) void file.text().then((ipsetText) => set({ ipsetText }));
  };
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const uses = props.summary.setUses.length;
  return (
    <div
      className={`ipset-panel${dropping ? ' dropping' : ''}`}
      data-testid="ipset-panel"
      onDragOverCapture={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDropCapture={(e) => {
        if (!hasFiles(e)) return;
        // the file is the ipset text, not a dump for the workspace around this panel
        e.preventDefault();
        e.stopPropagation();
        setDropping(false);
        load(e.dataTransfer.files[0]);
      }}
    >
      <p className="hint">{dropping ? t.dropHere : t.intro}</p>
      <div className="ipset-actions">
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="ipset-open">
          {t.openFile}
        </button>
        {text !== '' ? (
          <button type="button" onClick={() => set({ ipsetText: '' })} data-testid="ipset-clear">
            {t.clear}
          </button>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".txt,.ipset,.save,text/plain"
          onChange={(e) => {
            load(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="ipset-file"
        />
      </div>
      <textarea
        className="ipset-text"
        aria-label={t.textLabel}
        placeholder={t.placeholder}
        spellCheck={false}
        rows={6}
        value={text}
        onChange={(e) => set({ ipsetText: e.target.value })}
        data-testid="ipset-text"
      />
      {view.problems.length > 0 ? (
        <div className="ipset-problems" role="alert" data-testid="ipset-problems">
          <p>{t.problems(view.problems.length)}</p>
          <ul>
            {view.problems.map((d, i) => (
              <li key={i} className={d.severity}>
                <span className="muted">{t.at(d.line, d.column)}</span>{' '}
                <span title={lang === 'en' ? undefined : d.message}>{diagnosticText(d, lang)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.missing.length > 0 ? (
        <div className="ipset-missing" data-testid="ipset-missing">
          <p>{t.missingHeading(view.missing.length)}</p>
          <ul>
            {view.missing.map((u) => (
              <li key={u.name}>
                <button type="button" className="link" onClick={() => revealAt(u.line, 1)}>
                  {t.missing(u.name, u.rules)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="hint" data-testid="ipset-all-defined">
          {uses > 0 ? t.allDefined(uses) : t.noneNamed}
        </p>
      )}
      <SetsTable sets={view.sets} />
    </div>
  );
}

/** The sets read from the text: name, type and how many members (and which the simulator cannot test). */
function SetsTable(props: { sets: IpsetView['sets'] }) {
  const t = ipsetStrings[useLang()];
  if (props.sets.length === 0) return null;
  return (
    <table className="ipset-sets" data-testid="ipset-sets">
      <caption>{t.setsHeading(props.sets.length)}</caption>
      <thead>
        <tr>
          <th scope="col">{t.colName}</th>
          <th scope="col">{t.colType}</th>
          <th scope="col">{t.colMembers}</th>
        </tr>
      </thead>
      <tbody>
        {props.sets.map((s) => (
          <tr key={s.name}>
            <td className="ipset-name">{s.name}</td>
            <td>{s.type}</td>
            <td>
              {s.members}
              {s.ipv6 ? <span className="muted"> · {t.ipv6}</span> : null}
              {s.untested > 0 ? <span className="muted"> · {t.untested(s.untested)}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
