/** The chain graph's title and legend, its toolbar (zoom, fit, search, layout status) and its folding notes. */
import type { RefObject } from 'react';
import type { ChainGraphView } from './draw.ts';
import type { Folded } from './fold-model.ts';
import { GraphSearch } from './GraphSearch.tsx';
import type { GraphStrings } from './strings.ts';
import type { LayoutStatus } from './use-laid-graph.ts';

export function GraphTools({
  t,
  view,
  names,
  status,
  error,
  onFind,
}: {
  t: GraphStrings;
  view: RefObject<ChainGraphView | null>;
  names: readonly string[];
  status: LayoutStatus;
  /** why the layout failed, shown while the status says so */
  error: string | null;
  onFind: (chain: string) => void;
}) {
  return (
    <div className="nv-graph-tools">
      <button
        type="button"
        onClick={() => view.current?.zoomBy(1.25)}
        aria-label={t.zoomIn}
        title={t.zoomIn}
      >
        +
      </button>
      <button
        type="button"
        onClick={() => view.current?.zoomBy(0.8)}
        aria-label={t.zoomOut}
        title={t.zoomOut}
      >
        −
      </button>
      <button type="button" onClick={() => view.current?.fit()} title={t.fitTitle}>
        {t.fit}
      </button>
      <GraphSearch names={names} t={t} onFind={onFind} />
      {status === 'pending' ? <span className="nv-hint">{t.laying}</span> : null}
      {error !== null && status === 'error' ? (
        <span className="nv-bad">{t.failed(error)}</span>
      ) : null}
    </div>
  );
}

/** How many chains a folded graph shows, and a button to fold back each family the user opened. */
export function FoldingNotes({
  t,
  shown,
  all,
  opened,
  onFoldBack,
}: {
  t: GraphStrings;
  shown: number;
  all: number;
  opened: Folded['opened'];
  onFoldBack: (family: string) => void;
}) {
  return (
    <div className="cg-folding" data-testid="graph-folding">
      <p className="nv-hint">{t.folded(shown, all)}</p>
      {opened.map((o) => (
        <button
          type="button"
          key={o.family}
          data-testid="graph-fold-back"
          onClick={() => onFoldBack(o.family)}
        >
          {t.foldBack(o.family, o.shown, o.count)}
        </button>
      ))}
    </div>
  );
}

/** The table's name and the legend of the edge styles. */
export function GraphTitle({ t, table }: { t: GraphStrings; table: string }) {
  return (
    <h2 className="nv-panel-title">
      {t.title(table)}
      <small className="nv-graph-legend">
        <span className="nv-legend-jump">{t.jump}</span>
        <span className="nv-legend-goto">{t.goto}</span>
        <span className="nv-legend-lit">{t.traced}</span>
      </small>
    </h2>
  );
}
