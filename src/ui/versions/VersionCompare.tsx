/**
 * The rules panel's version comparison: the node's rules as two kube-proxy releases write them
 * for the same cluster, side by side, changed lines marked and long unchanged runs folded.
 */
import { useMemo, useState } from 'react';
import type { AddressFamily } from '../../worker/protocol.ts';
import { useLang } from '../i18n/index.ts';
import { useCompile } from '../queries/engine-queries.ts';
import { lineDiff, withContext, type ShownRow } from './line-diff.ts';
import { versionStrings } from './strings.ts';
import { VERSIONS, versionOf, withKubeProxyVersion, type Version } from './with-version.ts';
import './versions.css';

/** The node's iptables (IPv4) rules: the older layouts are modelled for IPv4 only. */
function useNodeText(yaml: string, version: Version, node: string): string | null | undefined {
  const q = useCompile(withKubeProxyVersion(yaml, version));
  if (!q.data) return undefined;
  return q.data.nodes.find((n) => n.name === node)?.rulesetText ?? null;
}

function VersionPick(props: { label: string; value: Version; onChange: (v: Version) => void }) {
  const s = versionStrings[useLang()];
  return (
    <label className="version-pick">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as Version)}>
        {VERSIONS.map((v) => (
          <option key={v} value={v}>
            {s.release(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Row({ row }: { row: ShownRow }) {
  const s = versionStrings[useLang()];
  if (row.kind === 'fold')
    return (
      <tr className="version-fold">
        <td colSpan={2}>{s.folded(row.count)}</td>
      </tr>
    );
  return (
    <tr className={`version-row version-${row.kind}`}>
      <td>{row.kind === 'right' ? '' : row.text}</td>
      <td>{row.kind === 'left' ? '' : row.text}</td>
    </tr>
  );
}

/** `family`: the rules on screen; with ip6tables there, a note says the IPv4 rules are compared. */
export function VersionCompare(props: { yaml: string; node: string; family: AddressFamily }) {
  const { yaml, node, family } = props;
  const s = versionStrings[useLang()];
  const own = versionOf(yaml);
  const [left, setLeft] = useState<Version>(own);
  const [right, setRight] = useState<Version>(own === 'current' ? '1.23' : 'current');
  const leftText = useNodeText(yaml, left, node);
  const rightText = useNodeText(yaml, right, node);
  const rows = useMemo(
    () =>
      typeof leftText === 'string' && typeof rightText === 'string'
        ? lineDiff(leftText, rightText)
        : null,
    [leftText, rightText],
  );
  const onlyLeft = rows?.filter((r) => r.kind === 'left').length ?? 0;
  const onlyRight = rows?.filter((r) => r.kind === 'right').length ?? 0;
  return (
    <div className="version-compare" data-testid="version-compare">
      <div className="version-picks">
        <VersionPick label={s.left} value={left} onChange={setLeft} />
        <VersionPick label={s.right} value={right} onChange={setRight} />
      </div>
      <p className="version-hint">{s.hint}</p>
      {family === 'ipv6' ? (
        <p className="version-hint" data-testid="version-ipv4-only">
          {s.ipv4Only}
        </p>
      ) : null}
      {leftText === null || rightText === null ? (
        <p>{s.noNode(node)}</p>
      ) : rows === null ? (
        <p>{s.compiling}</p>
      ) : onlyLeft + onlyRight === 0 ? (
        <p data-testid="version-summary">{s.same}</p>
      ) : (
        <>
          <p data-testid="version-summary">
            {s.summary(onlyLeft, onlyRight, s.release(left), s.release(right))}
          </p>
          <div className="version-scroll">
            <table className="version-diff">
              <thead>
                <tr>
                  <th>{s.release(left)}</th>
                  <th>{s.release(right)}</th>
                </tr>
              </thead>
              <tbody>
                {withContext(rows, 2).map((row, i) => (
                  <Row key={i} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** The release the rules are written for, for the panel's head. */
export function VersionBadge({ yaml }: { yaml: string }) {
  const s = versionStrings[useLang()];
  return (
    <span className="version-badge" title={s.badgeTitle} data-testid="version-badge">
      {s.badge(versionOf(yaml))}
    </span>
  );
}
