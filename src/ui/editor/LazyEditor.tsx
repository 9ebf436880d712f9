/**
 * The editor, loaded on demand. Until Monaco's chunk has arrived (it waits for the first trace,
 * see editor-gate.ts), and for good if it fails to load, the text is a plain textarea (or, read
 * only, a <pre>): the page never waits for the editor and never breaks without it. The textarea
 * stays mounted until Monaco is ready and hands its selection and focus over (handover.ts).
 */
import {
  Component,
  createElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { CodeEditorProps } from './CodeEditor.tsx';
import { openEditorGate, whenEditorMayLoad } from './editor-gate.ts';
import { leaveHandover } from './handover.ts';
import { monacoInStages } from './monaco-stages.ts';

type Editor = ComponentType<CodeEditorProps>;

/** Monaco's layers, then the component: loaded once for every editor of the page. */
let loading: Promise<Editor> | null = null;
function loadEditor(): Promise<Editor> {
  loading ??= monacoInStages()
    .then(() => import('./CodeEditor.tsx'))
    .then((m) => m.default);
  return loading;
}

function PlainEditor(props: CodeEditorProps) {
  const { uri } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  // only a place the learner chose counts: an untouched textarea's caret is wherever setting
  // its value left it (the end of the text)
  const touched = useRef(false);
  // on the way out, before the textarea leaves the page: where the learner was
  useLayoutEffect(
    () => () => {
      const el = area.current;
      if (!el || !touched.current) return;
      leaveHandover(uri, {
        start: el.selectionStart,
        end: el.selectionEnd,
        focused: el.ownerDocument.activeElement === el,
      });
    },
    [uri],
  );
  return (
    <div className="code-editor plain-editor" data-testid="plain-editor">
      {props.readOnly ? (
        <pre aria-label={props.ariaLabel}>{props.value}</pre>
      ) : (
        <textarea
          ref={area}
          aria-label={props.ariaLabel}
          value={props.value}
          spellCheck={false}
          // the learner means to edit: the full editor may come now
          onFocus={() => {
            touched.current = true;
            openEditorGate();
          }}
          onChange={(e) => props.onChange?.(e.target.value)}
        />
      )}
    </div>
  );
}

class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Monaco's editor component once it may load and has loaded; null until then (or if it failed). */
function useLoadedEditor(): Editor | null {
  const [editor, setEditor] = useState<{ it: Editor } | null>(null);
  useEffect(() => {
    let live = true;
    void whenEditorMayLoad()
      .then(loadEditor)
      .then(
        (it) => {
          if (live) setEditor({ it });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  return editor?.it ?? null;
}

export function LazyEditor(props: CodeEditorProps & { loadingLabel: string }) {
  const { loadingLabel: _label, ...rest } = props;
  // one component for the page's life: loaded once, the same function from then on
  const loaded = useLoadedEditor();
  const plain = <PlainEditor {...rest} />;
  if (!loaded) return plain;
  return <EditorBoundary fallback={plain}>{createElement(loaded, rest)}</EditorBoundary>;
}
