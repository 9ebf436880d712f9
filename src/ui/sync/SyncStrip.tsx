/**
 * Beside the rules: after an edit, which chains kube-proxy's partial sync would flush and write
 * again and which it would delete, worked out in the worker by the function `compile --since`
 * runs.
 */
import { useQuery } from '@tanstack/react-query';
import { ask } from '../../worker/client.ts';
import type { AddressFamily } from '../../worker/protocol.ts';
import type { SyncSinceResult } from '../../worker/sync-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { textKey } from '../queries/text-key.ts';
import { useSyncPair } from './sync-baseline.ts';
import { syncStrings, type SyncStrings } from './strings.ts';
import './sync.css';

function useSyncSince(
  before: string | null,
  after: string | null,
  node: string,
  family: AddressFamily,
) {
  return useQuery({
    queryKey: [
      'syncSince',
      before === null ? null : textKey(before),
      after === null ? null : textKey(after),
      node,
      family,
    ],
    queryFn: ({ signal }) =>
      ask('syncSince', (e) => e.syncSince(before ?? '', after ?? '', node, family), signal),
    enabled: before !== null && after !== null,
  });
}

function Names(props: { label: string; names: string[]; kind: string }) {
  if (props.names.length === 0) return null;
  return (
    <div className="sync-group">
      <span className="sync-label">{props.label}</span>
      <ul className={`sync-names sync-${props.kind}`} data-testid={`sync-${props.kind}`}>
        {props.names.map((n) => (
          <li key={n}>
            <code>{n}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Result({ r, s }: { r: SyncSinceResult; s: SyncStrings }) {
  const services = r.changed.length + r.removed.length;
  if (services === 0 && r.deleted.length === 0)
    return <p data-testid="sync-summary">{s.nothing}</p>;
  return (
    <>
      <p data-testid="sync-summary">{s.summary(r.rewritten.length, r.deleted.length)}</p>
      <Names label={s.changed} names={r.changed} kind="changed" />
      <Names label={s.removed} names={r.removed} kind="removed" />
      <Names label={s.rewritten} names={r.rewritten} kind="rewritten" />
      <Names label={s.deleted} names={r.deleted} kind="deleted" />
      <p className="sync-note">{s.fixed}</p>
    </>
  );
}

/** `family`: the rules on screen; kube-proxy runs one proxier, and one sync, per family. */
export function SyncStrip({ node, family }: { node: string; family: AddressFamily }) {
  const s = syncStrings[useLang()];
  const { before, after } = useSyncPair();
  const q = useSyncSince(before, after, node, family);
  let body;
  if (before === null || after === null) body = <p className="sync-note">{s.waiting}</p>;
  else if (q.data === undefined) body = <p className="sync-note">{s.working}</p>;
  else if (q.data === null) body = <p data-testid="sync-summary">{s.noNode(node)}</p>;
  else body = <Result r={q.data} s={s} />;
  return (
    <details className="sync-strip" data-testid="sync-strip" open>
      <summary>{s.title}</summary>
      {body}
    </details>
  );
}
