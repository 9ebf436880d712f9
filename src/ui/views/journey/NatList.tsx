/**
 * Every address translation of the journey, node crossing by node crossing in the order the
 * packet made them: what kind (a rule's DNAT, SNAT or MASQUERADE on the request, conntrack's
 * un-DNAT or un-SNAT on the reply), who did it, and the packet before and after with the
 * rewritten end marked. The kind is told by its name, a mark for conntrack's undoing and a
 * border of its own, not by colour alone.
 */
import type { Journey, Translation, Tuple } from '../../../engine/cluster/journey/index.ts';
import { endpoint, rewritesDestination, translatedBy } from './hop-text.ts';
import { shortName } from './strip-layout.ts';
import type { JourneyStrings } from './strings.ts';

function TupleText({ tuple, dst }: { tuple: Tuple; dst: boolean }) {
  const src = endpoint(tuple.src, tuple.sport);
  const to = endpoint(tuple.dst, tuple.dport);
  return (
    <span className="nv-jr-nat-tuple">
      {dst ? src : <em className="changed">{src}</em>} →{' '}
      {dst ? <em className="changed">{to}</em> : to}
    </span>
  );
}

function Item({ x, t }: { x: Translation; t: JourneyStrings }) {
  const dst = rewritesDestination(x.kind);
  return (
    <li className={`nv-jr-nat-item ${x.kind} by-${x.by}`} data-kind={x.kind}>
      <span className="nv-jr-nat-head">
        <span className="nv-jr-nat-kind">
          {x.by === 'conntrack' ? <span aria-hidden="true">↩ </span> : null}
          {t.natKind[x.kind]}
        </span>
        <span className="nv-jr-nat-by" title={x.rule?.text}>
          {x.hook} · {translatedBy(x, t)}
        </span>
      </span>
      <span className="nv-jr-nat-change">
        <span className="nv-jr-nat-label">{t.before}</span>
        <TupleText tuple={x.before} dst={dst} />
        <span className="nv-jr-nat-label">{t.after}</span>
        <TupleText tuple={x.after} dst={dst} />
      </span>
      <span className="nv-jr-nat-what">{t.natWhat[x.kind]}</span>
    </li>
  );
}

export function NatList({ journey, t }: { journey: Journey; t: JourneyStrings }) {
  if (!journey.hops.some((h) => h.translations.length > 0))
    return (
      <p className="nv-hint" data-testid="journey-nat">
        {t.natNone}
      </p>
    );
  return (
    <section className="nv-jr-nat" data-testid="journey-nat" aria-label={t.natTitle}>
      <h3>{t.natTitle}</h3>
      <ol>
        {journey.hops.map((h, i) => (
          <li key={i} className={`nv-jr-nat-crossing ${h.direction}`} data-leg={h.direction}>
            <span className="nv-jr-nat-where" title={h.node}>
              {t.natOn(h.direction === 'request' ? t.request : t.reply, shortName('node', h.node))}
              {h.translations.length === 0 ? (
                <span className="nv-jr-nat-nothing"> · {t.natNoneHere}</span>
              ) : null}
            </span>
            {h.translations.length > 0 ? (
              <ol>
                {h.translations.map((x, k) => (
                  <Item key={k} x={x} t={t} />
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
