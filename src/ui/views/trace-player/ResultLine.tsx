/** The trace's outcome: verdict, fate, out interface and the addresses the packet ends with. */
import type { TraceResult } from '../../../engine/netfilter/trace.ts';
import type { Lang } from '../shared/lang.ts';
import { resultLabel } from './step-label.ts';
import { strings } from './strings.ts';

export function ResultLine({ result, lang }: { result: TraceResult; lang: Lang }) {
  const t = strings[lang];
  const ok = result.verdict === 'ACCEPT';
  return (
    <p className="nv-result" data-testid="trace-result">
      <span className="nv-result-head">{t.result}</span>{' '}
      <span className={`nv-verdict ${ok ? 'nv-ok' : 'nv-bad'}`}>{result.verdict}</span>{' '}
      <span className="nv-mono">{resultLabel(result, lang)}</span>
      {result.dependsOn?.length ? (
        <span className="nv-bad"> — {t.dependsOn(result.dependsOn.join(', '))}</span>
      ) : null}
    </p>
  );
}
