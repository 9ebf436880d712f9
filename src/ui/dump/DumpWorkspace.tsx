/**
 * The left column in dump mode: the dump's text (paste, drop a file on the pane, or open one),
 * the parse's progress with Cancel, and below it the chains, the host, search and the problems.
 */
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { LazyEditor } from '../editor/LazyEditor.tsx';
import { DUMP_MODEL_URI, IPTABLES_LANGUAGE_ID } from '../editor/language-ids.ts';
import { toMarkers, type RevealRequest } from '../editor/markers.ts';
import { diagnosticText } from '../diagnostics/diagnostic-text.ts';
import { useLang, useT } from '../i18n/index.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { ChainList } from './ChainList.tsx';
import { useDump, type DumpTab } from './dump-store.ts';
import { HostForm } from './HostForm.tsx';
import { IpsetPanel } from './ipsets/IpsetPanel.tsx';
import { ipsetStrings } from './ipsets/strings.ts';
import { ProblemGroups } from './ProblemGroups.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { dumpStrings } from './strings.ts';
import { DumpTextView } from './DumpTextView.tsx';
import { cancelParse, giveDumpFile, giveDumpText, useDumpLoader } from './use-dump-loader.ts';
import './dump.css';

/** Above this size the editor gets no markers: Monaco would draw thousands of squiggles. */
const MARKER_TEXT_LIMIT = 2_000_000;
/**
 * Above this size the text is shown in a light read-only view until the user asks to edit it:
 * Monaco takes in 14 MB in one task of half a second or more, then keeps the page busy with
 * more. In the editor such a text is plain and unwrapped (colouring and wrapping 100,000 lines
 * costs seconds).
 */
const BIG_TEXT = 1_000_000;
const TEXT_HEIGHT = 240;

function ParseStatusLine() {
  const t = dumpStrings[useLang()];
  const status = useDump((s) => s.status);
  const done = useDump((s) => s.done);
  const total = useDump((s) => s.total);
  const summary = useDump((s) => s.summary);
  const outline = useDump((s) => s.outline);
  const error = useDump((s) => s.error);
  const set = useDump((s) => s.set);
  if (status === 'parsing') {
    const pct = total > 0 ? Math.floor((100 * done) / total) : 0;
    return (
      <>
        <div className="dump-progress" data-testid="dump-progress" role="status">
          <span>{t.parsing}</span>
          <progress max={100} value={pct} aria-label={t.progress(pct)} />
          <span className="muted">{t.progress(pct)}</span>
          <button type="button" onClick={cancelParse} data-testid="dump-cancel">
            {t.cancel}
          </button>
        </div>
        {outline ? (
          <p className="dump-stats" data-testid="dump-outline-stats">
            <span>{t.loading.stats(outline.rules, outline.chains)}</span>{' '}
            <span className="muted">· {t.loading.hint}</span>
          </p>
        ) : null}
      </>
    );
  }
  if (status === 'cancelled' || status === 'failed')
    return (
      <div className="banner warning dump-cancelled" data-testid="dump-cancelled" role="status">
        {status === 'cancelled' ? t.cancelled : t.failed(error ?? '')}{' '}
        <button
          type="button"
          className="link"
          onClick={() => set({ retry: useDump.getState().retry + 1 })}
          data-testid="dump-parse-again"
        >
          {t.parseAgain}
        </button>
      </div>
    );
  if (status === 'ready' && summary)
    return (
      <p className="dump-stats" data-testid="dump-stats">
        <span className="dump-format" data-testid="dump-format">
          {t.format(t.formats[summary.format] ?? summary.format)}
        </span>{' '}
        <span>{t.stats(summary.rules, summary.chains, summary.lines)}</span>{' '}
        <span className="muted">· {t.parsedIn(summary.parseMs)}</span>
      </p>
    );
  return null;
}

function Tabs() {
  const t = dumpStrings[useLang()];
  const setsTab = ipsetStrings[useLang()].tab;
  const chosen = useDump((s) => s.tab);
  const set = useDump((s) => s.set);
  const summary = useDump((s) => s.summary);
  const outline = useDump((s) => s.outline);
  const revealAt = useUi((s) => s.revealAt);
  // while the full parse runs, the outline serves the chain list and search; the host and the
  // problems need the full parse and say so
  const view = summary ?? outline;
  if (!view) return null;
  const later = (id: DumpTab) => !summary && (id === 'host' || id === 'sets' || id === 'problems');
  const tab = later(chosen) ? 'chains' : chosen;
  const tabs: [DumpTab, string][] = [
    ['chains', t.tabs.chains],
    ['host', summary ? t.tabs.host : t.loading.later(t.tabs.host)],
    ['sets', summary ? setsTab(summary.setUses.length) : t.loading.later(setsTab(0))],
    ['search', t.tabs.search],
    [
      'problems',
      summary ? t.tabs.problems(summary.diagnosticCount) : t.loading.later(t.loading.problems),
    ],
  ];
  return (
    <section className="dump-tabs">
      <div role="tablist" className="segmented small" aria-label={t.title}>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-pressed={tab === id}
            disabled={later(id)}
            title={later(id) ? t.loading.laterTitle : undefined}
            onClick={() => set({ tab: id })}
            data-testid={`dump-tab-${id}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="dump-tab-body">
        {tab === 'chains' ? <ChainList summary={view} /> : null}
        {tab === 'host' && summary ? <HostForm summary={summary} /> : null}
        {tab === 'sets' && summary ? <IpsetPanel summary={summary} /> : null}
        {tab === 'search' ? <SearchPanel summary={view} /> : null}
        {tab === 'problems' && summary ? (
          <>
            <ProblemGroups summary={summary} />
            {summary.unknownModules.length > 0 ? (
              <div className="dump-unknown" data-testid="dump-unknown-modules">
                <p className="hint">{t.unknownModules}</p>
                <ul>
                  {summary.unknownModules.map((u) => (
                    <li key={`${u.kind}:${u.name}`}>
                      <button type="button" className="link" onClick={() => revealAt(u.line, 1)}>
                        {t.unknownModule(u.name, u.kind, u.rules)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

export function DumpWorkspace(props: { reveal: RevealRequest | null }) {
  useDumpLoader();
  const shell = useT();
  const t = dumpStrings[useLang()];
  const dump = useScenario((s) => s.dump);
  const setDump = useScenario((s) => s.setDump);
  const dark = useUi((s) => s.theme) === 'dark';
  const summary = useDump((s) => s.summary);
  const editText = useDump((s) => s.editText);
  const set = useDump((s) => s.set);
  const big = dump.length > BIG_TEXT;
  const fileInput = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const lang = useLang();
  const markers = useMemo(
    () =>
      summary && summary.length <= MARKER_TEXT_LIMIT ? toMarkers(summary.diagnostics, lang) : [],
    [summary, lang],
  );
  const problems = useMemo(
    () => new Map((summary?.diagnostics ?? []).map((d) => [d.line, diagnosticText(d, lang)])),
    [summary, lang],
  );
  const load = (file: File | undefined) => {
    if (file) giveDumpFile(file);
  };
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  return (
    <div
      className={`dump-workspace${dropping ? ' dropping' : ''}`}
      data-testid="dump-workspace"
      onDragOverCapture={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onPasteCapture={(e) => {
        // a big paste into the empty editor goes straight to the parser and the light view;
        // into text already there, the editor takes it as any edit
        if (useScenario.getState().dump !== '') return;
        const text = e.clipboardData.getData('text/plain');
        if (text.length <= BIG_TEXT) return;
        e.preventDefault();
        e.stopPropagation();
        giveDumpText(text);
      }}
      onDropCapture={(e) => {
        if (!hasFiles(e)) return;
        // the file, not Monaco's own drop handling, decides what the text becomes
        e.preventDefault();
        e.stopPropagation();
        setDropping(false);
        load(e.dataTransfer.files[0]);
      }}
    >
      <div className="dump-head">
        <h2 className="pane-title">{shell.editorDump}</h2>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="dump-open">
          {t.openFile}
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".txt,.rules,.save,.log,text/plain"
          onChange={(e) => {
            load(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="dump-file"
        />
      </div>
      {dump === '' ? <p className="hint">{t.empty}</p> : null}
      <p className="hint">{dropping ? t.dropHere : t.dropHint}</p>
      <ParseStatusLine />
      {big ? (
        <div className="dump-text-head">
          <span className="hint">{t.text.about((dump.length / 1e6).toFixed(1))}</span>
          <button
            type="button"
            title={editText ? t.text.closeTitle : t.text.editTitle}
            onClick={() => set({ editText: !editText })}
            data-testid="dump-edit-text"
          >
            {editText ? t.text.close : t.text.edit}
          </button>
        </div>
      ) : null}
      {big && !editText ? (
        <DumpTextView
          text={dump}
          reveal={props.reveal}
          problems={problems}
          label={shell.editorDump}
          height={TEXT_HEIGHT}
        />
      ) : (
        <LazyEditor
          value={dump}
          onChange={setDump}
          language={big ? 'plaintext' : IPTABLES_LANGUAGE_ID}
          wordWrap={!big}
          uri={DUMP_MODEL_URI}
          markers={markers}
          dark={dark}
          reveal={props.reveal}
          ariaLabel={shell.editorDump}
          loadingLabel={shell.editorLoading}
        />
      )}
      <Tabs />
    </div>
  );
}
