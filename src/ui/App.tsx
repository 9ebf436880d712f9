/**
 * The app: header on top; the editor on the left, the netfilter diagram and the chain graph in
 * the middle, the packet, its trace and the node's rules on the right. The engine works in a
 * Web Worker; this tree only asks it (queries/) and shows what it answers.
 */
import { useEffect } from 'react';
import { useSettleAndCompile } from './queries/scenario.ts';
import { useUi } from './stores/ui-store.ts';
import { EditorPane } from './shell/EditorPane.tsx';
import { Header } from './shell/Header.tsx';
import { TracePane } from './shell/TracePane.tsx';
import { ViewsPane } from './shell/ViewsPane.tsx';

/** The language and theme live on <html>, where CSS and screen readers look for them. */
function useDocumentSettings(): void {
  const lang = useUi((s) => s.lang);
  const theme = useUi((s) => s.theme);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);
}

export function App() {
  useSettleAndCompile();
  useDocumentSettings();
  return (
    <div className="app">
      <Header />
      <main className="app-main">
        <EditorPane />
        <ViewsPane />
        <TracePane />
      </main>
    </div>
  );
}
