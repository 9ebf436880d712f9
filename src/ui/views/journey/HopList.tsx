/**
 * The journey hop by hop, as a list a keyboard and a screen reader can follow: the request's
 * hops, then the reply's way back through each node's conntrack table. Each hop is a button
 * that shows that node's part of the journey.
 */
import type { Journey } from '../../../engine/cluster/journey/index.ts';
import { affinityLines } from '../../connections/affinity.ts';
import { affinityStrings } from '../../connections/strings.ts';
import { useLang } from '../../i18n/index.ts';
import { hopLine, translationText } from './hop-text.ts';
import { shortName } from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';

export interface HopListProps {
  journey: Journey;
  picked: number | null;
  onPick: (index: number) => void;
  t: JourneyStrings;
}

export function HopList({ journey, picked, onPick, t }: HopListProps) {
  const aff = affinityStrings[useLang()];
  const groups = (['request', 'reply'] as const).map((direction) => ({
    direction,
    hops: journey.hops.flatMap((h, i) => (h.direction === direction ? [{ h, i }] : [])),
  }));
  return (
    <div className="nv-jr-hops" data-testid="journey-hops">
      {groups.map(({ direction, hops }) =>
        hops.length === 0 ? null : (
          <section key={direction} className={`nv-jr-leg ${direction}`} data-leg={direction}>
            <h3>{direction === 'request' ? t.request : t.reply}</h3>
            <ol>
              {hops.map(({ h, i }, n) => (
                <li key={i}>
                  <button
                    type="button"
                    className="nv-jr-hop"
                    aria-pressed={picked === i}
                    aria-label={`${t.hopLabel(n + 1, direction === 'request' ? t.request : t.reply, h.node)}: ${hopLine(h, t)}`}
                    onClick={() => onPick(i)}
                    data-hop={i}
                  >
                    <span className="nv-jr-hop-node" title={h.node}>
                      {shortName('node', h.node)}
                    </span>
                    <span className="nv-jr-hop-line">{hopLine(h, t)}</span>
                    {h.translations.map((x, k) => (
                      <span key={k} className="nv-jr-hop-nat" data-kind={x.kind}>
                        {translationText(x, t)}
                      </span>
                    ))}
                    {affinityLines(h.trace.steps).map((a, k) => (
                      <span key={`a${k}`} className="nv-jr-hop-nat" data-kind="affinity">
                        {aff[a.kind](a.address, a.list)}
                      </span>
                    ))}
                    <span className={`nv-jr-hop-verdict ${h.verdict.toLowerCase()}`}>
                      {h.verdict} · {t.fate[h.fate] ?? h.fate}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </section>
        ),
      )}
    </div>
  );
}
