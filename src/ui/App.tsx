/**
 * The app: header on top; the editor on the left, the netfilter diagram and the chain graph in
 * the middle, the packet, its trace and the node's rules on the right. The engine works in a
 * Web Worker; this tree only asks it (queries/) and shows what it answers.
 */
import { lazy, Suspense, useEffect } from 'react';
import { CurrentTraceScope } from './queries/CurrentTraceScope.tsx';
import { useSettleAndCompile } from './queries/scenario.ts';
import { useUi } from './stores/ui-store.ts';
import { EditorPane } from './shell/EditorPane.tsx';
import { Header } from './shell/Header.tsx';
import { Later } from './shell/Later.tsx';
import { LessonChrome, useLessonScreen } from './lessons/LessonChrome.tsx';

// The centre and right columns are chunks of their own, fetched while the main bundle starts
// and evaluated each in a task of its own: no one long task evaluating the whole app.
const viewsPane = import('./shell/ViewsPane.tsx');
const tracePane = import('./shell/TracePane.tsx');
const ViewsPane = lazy(() => viewsPane.then((m) => ({ default: m.ViewsPane })));
const TracePane = lazy(() => tracePane.then((m) => ({ default: m.TracePane })));
// The right column (the packet and what became of it: the first answer a learner reads) comes
// first; the centre one (the diagrams, heavier to lay out) a frame after it, never in the same
// frame.
let traceShown: () => void = () => {};
const afterTrace = Promise.all([new Promise<void>((r) => (traceShown = r)), viewsPane]);

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

/** Its own component: a keystroke re-renders this, not the whole app. */
function Settle(): null {
  useSettleAndCompile();
  useDocumentSettings();
  return null;
}

/** Keeps a pane's column while the pane itself is still to come (shell/Later.tsx). */
const PANE_PLACE = <section className="pane" aria-hidden="true" />;

export function App() {
  const lessonScreen = useLessonScreen();
  return (
    <div className="app">
      <Settle />
      <CurrentTraceScope>
        <Header />
        <LessonChrome />
        {/* hidden, not unmounted, under the lesson list: the editor and views keep their state */}
        <main className="app-main" hidden={lessonScreen === 'index'}>
          <EditorPane />
          <Later frames={1} after={afterTrace} placeholder={PANE_PLACE}>
            <Suspense fallback={PANE_PLACE}>
              <ViewsPane />
            </Suspense>
          </Later>
          <Later frames={1} after={tracePane} onShown={traceShown} placeholder={PANE_PLACE}>
            <Suspense fallback={PANE_PLACE}>
              <TracePane />
            </Suspense>
          </Later>
        </main>
      </CurrentTraceScope>
    </div>
  );
}
