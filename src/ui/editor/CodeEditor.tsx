/**
 * The Monaco editor as a React component. Loaded lazily (see LazyEditor.tsx): Monaco is large,
 * and the app paints and traces without it. The text lives in the store; the editor is a view
 * of it that reports edits, shows markers and moves its cursor when asked.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { EDITOR_BASE_OPTIONS } from './editor-options.ts';
import { takeHandover } from './handover.ts';
import { monaco } from './monaco-setup.ts';
import type { EditorMarker, RevealRequest } from './markers.ts';
import { takePlainSize } from './plain-size.ts';

export interface CodeEditorProps {
  value: string;
  language: string;
  /** the model's URI: monaco-yaml picks the cluster schema by it */
  uri: string;
  onChange?: (value: string) => void;
  markers: readonly EditorMarker[];
  readOnly?: boolean;
  dark: boolean;
  reveal?: RevealRequest | null;
  ariaLabel: string;
  /** false keeps long lines unwrapped (a 100,000-line dump: wrapping every line costs seconds) */
  wordWrap?: boolean;
}

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

const OWNER = 'netfilter-lab';

/** the editors unmounted a moment ago, by model URI: disposed in the next task */
const disposing = new Map<string, () => void>();

/** Puts the cursor where the learner left the light editor, and the focus if it had it. */
function takeOver(
  ed: monaco.editor.IStandaloneCodeEditor,
  model: monaco.editor.ITextModel,
  h: ReturnType<typeof takeHandover>,
): void {
  if (!h) return;
  const start = model.getPositionAt(h.start);
  const end = model.getPositionAt(h.end);
  ed.setSelection(monaco.Selection.fromPositions(start, end));
  ed.revealPositionInCenterIfOutsideViewport(end);
  if (h.focused) ed.focus();
}

export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onChange = useRef(props.onChange);
  const latest = useRef(props.value);
  useEffect(() => {
    onChange.current = props.onChange;
    latest.current = props.value;
  });

  const { uri, language, readOnly = false, ariaLabel, wordWrap = !readOnly } = props;
  // the store's text set into the model is not an edit to report back
  const applying = useRef(false);
  // in the commit that removes the light editor: no moment when a key has nowhere to go
  useLayoutEffect(() => {
    if (!host.current) return;
    // an editor of this same text on its way out: finished now, so its model is not reused
    disposing.get(uri)?.();
    const u = monaco.Uri.parse(uri);
    const model =
      monaco.editor.getModel(u) ?? monaco.editor.createModel(latest.current, language, u);
    // a model made ahead (monaco-warm.ts prepareModel) takes what was typed since
    if (model.getValue() !== latest.current) model.setValue(latest.current);
    // each editor gets a box of its own: Monaco marks the box it is created in as a keybinding
    // context, and the editor before it (disposed a task later) still holds its own box's mark
    const box = document.createElement('div');
    box.style.position = 'absolute';
    box.style.inset = '0';
    host.current.appendChild(box);
    const size = takePlainSize(uri);
    const ed = monaco.editor.create(box, {
      ...EDITOR_BASE_OPTIONS,
      model,
      readOnly,
      ariaLabel,
      automaticLayout: true,
      // the light editor's size: measuring the box now would lay out the page in this commit
      ...(size ? { dimension: size } : {}),
      wordWrap: wordWrap ? 'on' : 'off',
    });
    editor.current = ed;
    takeOver(ed, model, takeHandover(uri));
    const sub = model.onDidChangeContent(() => {
      if (!applying.current) onChange.current?.(model.getValue());
    });
    return () => {
      sub.dispose();
      editor.current = null;
      // disposing an editor with its model visits every contribution and listener: not in the
      // commit that unmounts it but in a task of its own; its DOM leaves at once
      box.remove();
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        if (disposing.get(uri) === finish) disposing.delete(uri);
        ed.dispose();
        model.dispose();
      };
      disposing.set(uri, finish);
      setTimeout(finish);
    };
  }, [uri, language, readOnly, ariaLabel, wordWrap]);

  // the store's text wins when it differs (a scenario loaded, a test set it)
  useEffect(() => {
    const model = editor.current?.getModel();
    if (model && model.getValue() !== props.value) {
      applying.current = true;
      model.setValue(props.value);
      applying.current = false;
    }
  }, [props.value]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      props.markers.map((m) => ({
        startLineNumber: m.line,
        startColumn: m.column,
        endLineNumber: m.endLine,
        endColumn: m.endColumn,
        severity: SEVERITY[m.severity],
        message: m.message,
        code: m.code,
        source: 'netfilter-lab',
      })),
    );
  }, [props.markers, uri]);

  useEffect(() => {
    monaco.editor.setTheme(props.dark ? 'vs-dark' : 'vs');
  }, [props.dark]);

  const { reveal } = props;
  useEffect(() => {
    const ed = editor.current;
    if (!ed || !reveal) return;
    ed.revealLineInCenter(reveal.line);
    ed.setPosition({ lineNumber: reveal.line, column: reveal.column });
    ed.focus();
  }, [reveal]);

  return (
    <div
      ref={host}
      className="code-editor"
      style={{ position: 'relative' }}
      data-testid={`editor-${language}`}
    />
  );
}
