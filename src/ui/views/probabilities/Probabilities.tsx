/**
 * The exact share of each outcome from the all-paths enumeration, beside the histogram of a
 * sampled run ("curl 100 times"), so the two can be compared row by row.
 */
import { useMemo } from 'react';
import type { Outcome, SampledOutcome } from '../../../engine/netfilter/simulate.ts';
import type { Lang } from '../shared/lang.ts';
import '../shared/views.css';
import { isKernelRounded, outcomeRows, shareText } from './outcome-rows.ts';
import { strings } from './strings.ts';

export interface ProbabilitiesProps {
  outcomes: readonly Outcome[];
  samples?: readonly SampledOutcome[];
  onSample: (runs: number) => void;
  lang: Lang;
}

function Bar({ share, kind }: { share: number; kind: 'exact' | 'sampled' }) {
  const w = Number.isFinite(share) ? Math.max(0, Math.min(1, share)) * 100 : 0;
  return (
    <span className={`nv-bar nv-bar-${kind}`} aria-hidden="true">
      <span style={{ width: `${w}%` }} />
    </span>
  );
}

export function Probabilities({ outcomes, samples, onSample, lang }: ProbabilitiesProps) {
  const t = strings[lang];
  const { rows, runs } = useMemo(() => outcomeRows(outcomes, samples), [outcomes, samples]);
  const rounded = rows.some((r) => isKernelRounded(r.exactText));
  return (
    <section className="nv-panel nv-probabilities" data-testid="probabilities" aria-label={t.title}>
      <h2 className="nv-panel-title">{t.title}</h2>
      <div className="nv-sample-buttons">
        {[100, 1000].map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => onSample(n)}
            title={t.sendHint}
            data-testid={`sample-${n}`}
          >
            {t.send(n)}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="nv-hint">{t.none}</p>
      ) : (
        <table className="nv-outcomes">
          <thead>
            <tr>
              <th scope="col">{t.outcome}</th>
              <th scope="col">{t.exact}</th>
              <th scope="col">{t.sampled(runs)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-outcome={r.label}>
                <th scope="row" className={`nv-mono${r.verdict === 'ACCEPT' ? '' : ' nv-bad'}`}>
                  {r.label}
                </th>
                <td
                  title={t.exactTitle(r.exactText, isKernelRounded(r.exactText) ? t.rounding : '')}
                >
                  <Bar share={r.exact} kind="exact" />
                  <span className="nv-share">{shareText(r.exact)}</span>
                </td>
                <td>
                  {r.sampled === null || r.count === null ? (
                    <span className="nv-hint">{t.notSampled}</span>
                  ) : (
                    <>
                      <Bar share={r.sampled} kind="sampled" />
                      <span className="nv-share">{shareText(r.sampled)}</span>{' '}
                      <small className="nv-count">{t.countOf(r.count, runs)}</small>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rounded ? (
        <p className="nv-hint" data-testid="probability-rounding">
          {t.rounding}
        </p>
      ) : null}
    </section>
  );
}
