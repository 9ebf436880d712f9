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
import { notePlainSize } from './plain-size.ts';

type Editor = ComponentType<CodeEditorProps>;

/** Monaco's layers, then the component, then the first editor's one-off work (monaco-warm.ts). */
let loading: Promise<Editor> | null = null;
function loadEditor(): Promise<Editor> {
  loading ??= monacoInStages()
    .then(() => import('./CodeEditor.tsx'))
    .then(async (m) => {
      await (await import('./monaco-warm.ts')).warmMonaco();
      return m.default;
    });
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
  const box = useRef<HTMLDivElement>(null);
  // its size, for Monaco to take without measuring (plain-size.ts)
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const watch = new ResizeObserver(([entry]) => {
      if (entry)
        notePlainSize(uri, { width: entry.contentRect.width, height: entry.contentRect.height });
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, [uri]);
  return (
    <div ref={box} className="code-editor plain-editor" data-testid="plain-editor">
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

/**
 * Monaco's editor component once it may load, has loaded and this editor's model is ready;
 * null until then (or if it failed).
 */
function useLoadedEditor(uri: string, language: string, text: () => string): Editor | null {
  const [editor, setEditor] = useState<{ it: Editor } | null>(null);
  useEffect(() => {
    let live = true;
    void whenEditorMayLoad()
      .then(loadEditor)
      .then(async (it) => {
        if (!live) return;
        await (await import('./monaco-warm.ts')).prepareModel(uri, language, text);
        if (live) setEditor({ it });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // the first model only: a later URI is made by the editor itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return editor?.it ?? null;
}

export function LazyEditor(props: CodeEditorProps & { loadingLabel: string }) {
  const { loadingLabel: _label, ...rest } = props;
  const text = useRef(rest.value);
  useEffect(() => {
    text.current = rest.value;
  });
  // one component for the page's life: loaded once, the same function from then on
  const loaded = useLoadedEditor(rest.uri, rest.language, () => text.current);
  const plain = <PlainEditor {...rest} />;
  if (!loaded) return plain;
  return <EditorBoundary fallback={plain}>{createElement(loaded, rest)}</EditorBoundary>;
}
