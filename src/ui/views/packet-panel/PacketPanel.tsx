/** The packet after the current step, with the fields this step changed marked. */
import { useMemo } from 'react';
import type { TraceStep } from '../../../engine/netfilter/trace.ts';
import type { Lang } from '../shared/lang.ts';
import '../shared/views.css';
import { FIELDS, packetPanelState } from './packet-state.ts';
import { strings } from './strings.ts';

export interface PacketPanelProps {
  steps: readonly TraceStep[];
  current: number;
  lang: Lang;
}

export function PacketPanel({ steps, current, lang }: PacketPanelProps) {
  const t = strings[lang];
  const st = useMemo(() => packetPanelState(steps, current), [steps, current]);
  return (
    <section className="nv-panel nv-packet" data-testid="packet-panel" aria-label={t.title}>
      <h2 className="nv-panel-title">
        {t.title} {current < 0 ? <small>{t.arriving}</small> : null}
      </h2>
      {st ? (
        <dl className="nv-fields">
          {FIELDS.map((f) => {
            const changed = st.changed.has(f);
            const was = st.was[f];
            return (
              <div
                key={f}
                className={`nv-field${changed ? ' changed' : ''}${was !== undefined ? ' rewritten' : ''}`}
                data-field={f}
                data-changed={changed || undefined}
              >
                <dt>{t.field[f]}</dt>
                <dd className="nv-mono">
                  {st.values[f]}
                  {changed && st.cause ? (
                    <span className="nv-change-tag" title={t.changedBy(st.cause)}>
                      {st.cause}
                    </span>
                  ) : null}
                  {was !== undefined ? <span className="nv-was">{t.was(was)}</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="nv-hint">{t.empty}</p>
      )}
    </section>
  );
}
