/**
 * Journeys across nodes: the sent packet followed from its sender through every node it crosses
 * to its receiver, and the reply back. Picking a node (or a hop in the list) puts that node's
 * trace of the packet in the diagram, the chain graph and the player.
 */
import { useEffect, useState } from 'react';
import type { Journey, JourneyHop } from '../../../engine/cluster/journey/index.ts';
import type { JourneyResponse } from '../../../worker/protocol.ts';
import type { Lang } from '../shared/lang.ts';
import { prefersReducedMotion, watchReducedMotion } from '../shared/motion.ts';
import '../shared/views.css';
import './journey.css';
import { endpoint } from './hop-text.ts';
import { HopList } from './HopList.tsx';
import { NatList } from './NatList.tsx';
import { assumedRouteBack } from './outside-reply.ts';
import { useHopsOpen } from './journey-store.ts';
import type { StripColumn } from './strip-layout.ts';
import { Strip } from './StripSvg.tsx';
import { strings, type JourneyStrings } from './strings.ts';
import { netpolStrings } from '../../netpol/strings.ts';
import { traceProblemText } from '../../diagnostics/trace-problem.ts';

export interface JourneyStripProps {
  response: JourneyResponse | undefined;
  /** why there is no journey to follow, when there is none */
  unavailable: 'protocol' | 'incomplete' | null;
  pending: boolean;
  /** the hop whose node's part the other views show */
  picked: number | null;
  onPick: (index: number | null, hop: JourneyHop | null) => void;
  nodeIPs: ReadonlyMap<string, string>;
  lang: Lang;
}

function Outcome({ j, t, lang }: { j: Journey; t: JourneyStrings; lang: Lang }) {
  const req = j.request;
  const rep = j.reply;
  const assumed = assumedRouteBack(j);
  const placeName = (p: NonNullable<typeof req.at>) => `${t.kind[p.kind]} ${p.name}`;
  return (
    <div className="nv-jr-outcome" data-testid="journey-outcome">
      <p>
        <strong className={`nv-jr-verdict ${j.verdict.toLowerCase()}`}>{j.verdict}</strong>{' '}
        {req.outcome === 'delivered' && req.at
          ? t.delivered(placeName(req.at), endpoint(req.packet.dst, req.packet.dport))
          : req.outcome === 'hop-limit'
            ? t.hopLimit(req.node)
            : t.stopped(req.verdict, req.node)}{' '}
        {j.sourceSeen ? (
          <span data-testid="journey-source-seen">{t.sourceSeen(j.sourceSeen)}</span>
        ) : null}
      </p>
      {req.policy ? (
        <p className="nv-jr-policy" data-testid="journey-policy">
          {netpolStrings[lang].blockedBy(req.policy)}
        </p>
      ) : null}
      {req.decidedBy ? <p className="nv-jr-rule">{t.decidedBy(req.decidedBy)}</p> : null}
      <p
        data-testid="journey-reply"
        className={rep && j.replyMatches ? (assumed ? 'assumed' : 'ok') : 'bad'}
      >
        {!rep
          ? t.noReply
          : rep.outcome !== 'delivered'
            ? t.replyLost(rep.verdict, rep.node)
            : !j.replyMatches
              ? t.replyFails
              : assumed
                ? t.replyAssumed(assumed)
                : t.replyWorks}
      </p>
    </div>
  );
}

export function JourneyStrip(props: JourneyStripProps) {
  const { response, unavailable, pending, picked, onPick, nodeIPs, lang } = props;
  const t = strings[lang];
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  useEffect(() => watchReducedMotion(setReducedMotion), []);
  const j = response?.journey ?? null;
  const from = response?.flow?.from ?? null;
  // the hop list stays open or closed as the reader left it, journey after journey
  const hopsOpen = useHopsOpen((s) => s.open);
  const setHopsOpen = useHopsOpen((s) => s.setOpen);
  const pickedHop = picked === null ? undefined : j?.hops[picked];
  const pickedKey = pickedHop ? `node:${pickedHop.node}` : null;
  const pickColumn = (col: StripColumn) => {
    if (!j) return;
    if (col.key === pickedKey) return onPick(null, null);
    const i = col.hops[0];
    if (i !== undefined) onPick(i, j.hops[i] ?? null);
  };
  const pickHop = (i: number) => {
    if (!j) return;
    onPick(i === picked ? null : i, i === picked ? null : (j.hops[i] ?? null));
  };
  return (
    <section className="nv-panel nv-journey" data-testid="journey" aria-label={t.title}>
      <h2 className="nv-panel-title">
        {t.title}
        <small className="nv-jr-legend">
          <span className="request">{t.request}</span>
          <span className="reply">{t.reply}</span>
        </small>
      </h2>
      {unavailable ? <p className="nv-hint">{t.notFollowed[unavailable]}</p> : null}
      {pending && !j ? <p className="nv-hint">{t.following}</p> : null}
      {response?.problems.map((p, i) => (
        <p key={i} className="nv-bad">
          {t.problem[p.where]} <code>{traceProblemText(p, lang)}</code>
        </p>
      ))}
      {j && from ? (
        <>
          <p className="nv-hint">
            {t.hint}{' '}
            {picked !== null ? (
              <button
                type="button"
                className="link"
                onClick={() => onPick(null, null)}
                data-testid="journey-show-sent"
              >
                {t.showSent}
              </button>
            ) : null}
          </p>
          <Strip
            journey={j}
            from={from}
            nodeIPs={nodeIPs}
            picked={pickedKey}
            onPick={pickColumn}
            reducedMotion={reducedMotion}
            t={t}
          />
          <Outcome j={j} t={t} lang={lang} />
          <NatList journey={j} t={t} />
          {response && !response.followsTrace ? <p className="nv-hint">{t.otherBranch}</p> : null}
          <details
            className="nv-jr-details"
            data-testid="journey-details"
            open={hopsOpen}
            onToggle={(e) => setHopsOpen(e.currentTarget.open)}
          >
            <summary>{t.hopsTitle(j.hops.length)}</summary>
            <HopList journey={j} picked={picked} onPick={pickHop} t={t} />
          </details>
          {response?.notes.map((n, i) => (
            <p key={i} className="nv-hint" data-testid="journey-note">
              {t.note(n)}
            </p>
          ))}
          <p className="nv-hint small">
            {response?.podNetwork === 'routed'
              ? netpolStrings[lang].routedPodNetwork
              : t.podNetwork}
          </p>
        </>
      ) : null}
    </section>
  );
}
