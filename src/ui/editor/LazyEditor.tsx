/**
 * The editor, loaded on demand. Until Monaco's chunk has arrived (it waits for the first trace,
 * see editor-gate.ts), and for good if it fails to load, the text is a plain textarea (or, read
 * only, a <pre>): the page never waits for the editor and never breaks without it.
 */
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CodeEditorProps } from './CodeEditor.tsx';
import { whenEditorMayLoad } from './editor-gate.ts';
import { monacoInStages } from './monaco-stages.ts';

const CodeEditor = lazy(() => monacoInStages().then(() => import('./CodeEditor.tsx')));

function PlainEditor(props: CodeEditorProps & { loadingLabel: string }) {
  return (
    <div className="code-editor plain-editor" data-testid="plain-editor">
      {props.readOnly ? (
        <pre aria-label={props.ariaLabel}>{props.value}</pre>
      ) : (
        <textarea
          aria-label={props.ariaLabel}
          value={props.value}
          spellCheck={false}
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

function useEditorMayLoad(): boolean {
  const [may, setMay] = useState(false);
  useEffect(() => {
    let live = true;
    void whenEditorMayLoad().then(() => {
      if (live) setMay(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return may;
}

export function LazyEditor(props: CodeEditorProps & { loadingLabel: string }) {
  const { loadingLabel: _label, ...rest } = props;
  const may = useEditorMayLoad();
  const plain = <PlainEditor {...props} />;
  if (!may) return plain;
  return (
    <EditorBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <CodeEditor {...rest} />
      </Suspense>
    </EditorBoundary>
  );
}
