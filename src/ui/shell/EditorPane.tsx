/**
 * The left column: the cluster YAML (or a pasted dump) in Monaco, with the compiler's or the
 * parser's diagnostics as markers and as a list below. While the YAML has errors the views keep
 * the last good result, and a banner says so.
 */
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import type { ClusterDiagnostic } from '../../engine/cluster/index.ts';
import { openEditorGate } from '../editor/editor-gate.ts';
import { LazyEditor } from '../editor/LazyEditor.tsx';
import { CLUSTER_MODEL_URI as CLUSTER_URI } from '../editor/language-ids.ts';
import { toMarkers, type EditorMarker, type RevealRequest } from '../editor/markers.ts';
import { useLang, useT } from '../i18n/index.ts';
import { useCurrentCompile } from '../queries/scenario.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { Later } from './Later.tsx';
import { ProblemList } from './ProblemList.tsx';
import { LessonSlot } from '../lessons/LessonSlot.tsx';

/** Keeps the editor's place until its text comes (see Later.tsx). */
const EDITOR_PLACE = <div className="code-editor plain-editor" aria-hidden="true" />;

// a pasted dump's workspace is a chunk of its own: the first page shows the cluster editor
const DumpWorkspace = lazy(() =>
  import('../dump/DumpWorkspace.tsx').then((m) => ({ default: m.DumpWorkspace })),
);

/** Node diagnostics repeat the cluster's for every node: keep each once. */
function uniqueDiagnostics(lists: readonly (readonly ClusterDiagnostic[])[]): ClusterDiagnostic[] {
  const seen = new Set<string>();
  const out: ClusterDiagnostic[] = [];
  for (const list of lists)
    for (const d of list) {
      const k = `${d.line}:${d.column}:${d.code}:${d.message}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push(d);
      }
    }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

function useClusterMarkers(): { markers: EditorMarker[]; broken: boolean; busy: boolean } {
  const q = useCurrentCompile();
  const lang = useLang();
  const data = q.data;
  const markers = useMemo(
    () =>
      data
        ? toMarkers(
            uniqueDiagnostics([data.diagnostics, ...data.nodes.map((n) => n.diagnostics)]),
            lang,
          )
        : [],
    [data, lang],
  );
  return { markers, broken: q.broken, busy: q.isFetching };
}

function ClusterEditor(props: {
  reveal: RevealRequest | null;
  onGoTo(l: number, c: number): void;
}) {
  const t = useT();
  const yaml = useScenario((s) => s.yaml);
  const setYaml = useScenario((s) => s.setYaml);
  const dark = useUi((s) => s.theme) === 'dark';
  const { markers, broken, busy } = useClusterMarkers();
  // no trace will come to open the way for Monaco (TraceSummary): the errors need the editor now
  useEffect(() => {
    if (broken) openEditorGate();
  }, [broken]);
  const problems = useRef<HTMLDivElement>(null);
  return (
    <>
      <div className="pane-title-row">
        <h2 className="pane-title">{t.editorCluster}</h2>
        {/* in the title's row, so the editor never moves as the YAML breaks and mends while
            typed, and at every size in sight: the banner and the list below may be scrolled away */}
        {broken ? (
          <button
            type="button"
            className="status-chip error"
            data-testid="yaml-broken-chip"
            title={t.brokenYaml}
            // to the list, whose entries each lead on to their line in the editor
            onClick={() => problems.current?.scrollIntoView({ block: 'nearest' })}
          >
            {t.yamlErrors(markers.filter((m) => m.severity === 'error').length)}
          </button>
        ) : null}
      </div>
      {/* the text (a few hundred lines to lay out) comes a frame after the page's frame */}
      <Later frames={1} placeholder={EDITOR_PLACE}>
        <LazyEditor
          value={yaml}
          onChange={setYaml}
          language="yaml"
          uri={CLUSTER_URI}
          markers={markers}
          dark={dark}
          reveal={props.reveal}
          ariaLabel={t.editorCluster}
          loadingLabel={t.editorLoading}
        />
      </Later>
      <p className="hint">{t.editorHint}</p>
      <div className="editor-problems" ref={problems}>
        <div className="editor-status" aria-live="polite">
          {broken ? (
            <p className="banner error" data-testid="yaml-broken">
              {t.brokenYaml}
            </p>
          ) : null}
          {busy ? <p className="muted">{t.compiling}</p> : null}
        </div>
        <ProblemList markers={markers} onGoTo={props.onGoTo} />
      </div>
    </>
  );
}

export function EditorPane() {
  const t = useT();
  const mode = useScenario((s) => s.mode);
  const reveal = useUi((s) => s.reveal);
  const goTo = useUi((s) => s.revealAt);
  return (
    <section className="pane editor-pane" aria-label={t.editorRegion}>
      <LessonSlot name="editor" />
      {mode === 'cluster' ? (
        <ClusterEditor reveal={reveal} onGoTo={goTo} />
      ) : (
        <Suspense fallback={null}>
          <DumpWorkspace reveal={reveal} />
        </Suspense>
      )}
    </section>
  );
}
