/**
 * The host a dump is traced on: guessed from the rules (with the reasons), editable as a small
 * form. Each field shows what the host reader says of it; the edited host is the scenario's
 * dumpHost (null: the guess).
 */
import type { FieldDiagnostic } from '../../engine/netfilter/fields.ts';
import type { HostDocument } from '../../engine/netfilter/infer-host.ts';
import type { DumpSummary } from '../../worker/dump-protocol.ts';
import { useLang } from '../i18n/index.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { useUi } from '../stores/ui-store.ts';
import { useRef } from 'react';
import { useCheckHost } from './dump-queries.ts';
import { HostWarnings } from './HostWarnings.tsx';
import { useHostFocus } from './use-host-focus.ts';
import { asHostDoc, problemsAt, splitAddresses } from './host-doc.ts';
import { dumpStrings } from './strings.ts';

function Problems({ list }: { list: FieldDiagnostic[] }) {
  if (list.length === 0) return null;
  return (
    <ul className="host-problems" role="alert">
      {list.map((d, i) => (
        <li key={i} className={d.severity}>
          {d.message}
        </li>
      ))}
    </ul>
  );
}

export function HostForm({ summary }: { summary: DumpSummary }) {
  const t = dumpStrings[useLang()].host;
  const stored = useScenario((s) => s.dumpHost);
  const setHost = useScenario((s) => s.setDumpHost);
  const revealAt = useUi((s) => s.revealAt);
  const inferred = summary.inferred.host;
  const doc = asHostDoc(stored, inferred);
  const check = useCheckHost(doc);
  const diags = check.data ?? [];
  const edit = (f: (d: HostDocument) => HostDocument) => setHost(f(structuredClone(doc)));
  // the inputs keep what is typed; a reset or another dump starts them over
  const version = `${summary.id}:${stored === null ? 'guess' : 'edit'}`;
  const box = useRef<HTMLDivElement>(null);
  useHostFocus(box);
  return (
    <div className="host-form" data-testid="host-form" ref={box}>
      <HostWarnings doc={doc} guesses={summary.inferred.guesses} />
      <p className="hint">
        {stored === null ? t.inferred : t.edited}{' '}
        {stored !== null ? (
          <button
            type="button"
            className="link"
            onClick={() => setHost(null)}
            data-testid="host-reset"
          >
            {t.reset}
          </button>
        ) : null}
      </p>
      <fieldset>
        <legend>{t.interfaces}</legend>
        {doc.interfaces.map((iface, i) => {
          const at = `interfaces[${i}]`;
          return (
            <div
              className="host-row"
              key={`${version}:${i}:${doc.interfaces.length}`}
              data-testid={`host-iface-${i}`}
            >
              <label className="field">
                <span>{t.name}</span>
                <input
                  data-path={`${at}.name`}
                  defaultValue={iface.name}
                  aria-invalid={problemsAt(diags, `${at}.name`).length > 0}
                  onChange={(e) =>
                    edit((d) => {
                      const x = d.interfaces[i];
                      if (x) x.name = e.target.value.trim();
                      return d;
                    })
                  }
                />
              </label>
              <label className="field grow">
                <span>{t.addresses}</span>
                <input
                  data-path={`${at}.addresses`}
                  defaultValue={iface.addresses.join(', ')}
                  placeholder={t.addressesHint}
                  aria-invalid={problemsAt(diags, `${at}.addresses`).length > 0}
                  onChange={(e) =>
                    edit((d) => {
                      const x = d.interfaces[i];
                      if (x) x.addresses = splitAddresses(e.target.value);
                      return d;
                    })
                  }
                />
              </label>
              <button
                type="button"
                className="icon"
                aria-label={t.remove(iface.name)}
                title={t.remove(iface.name)}
                onClick={() =>
                  edit((d) => ({ ...d, interfaces: d.interfaces.filter((_, k) => k !== i) }))
                }
              >
                ×
              </button>
              <Problems list={problemsAt(diags, at)} />
            </div>
          );
        })}
        <button
          type="button"
          onClick={() =>
            edit((d) => ({ ...d, interfaces: [...d.interfaces, { name: '', addresses: [] }] }))
          }
          data-testid="host-add-iface"
          data-path="interfaces"
        >
          {t.addInterface}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t.routes}</legend>
        {doc.routes.map((r, i) => {
          const at = `routes[${i}]`;
          const field = (key: 'to' | 'via' | 'dev', label: string) => (
            <label className="field">
              <span>{label}</span>
              <input
                // a route is focused at its first field
                {...(key === 'to' ? { 'data-path': at } : {})}
                defaultValue={r[key] ?? ''}
                aria-invalid={problemsAt(diags, `${at}.${key}`).length > 0}
                onChange={(e) =>
                  edit((d) => {
                    const x = d.routes[i];
                    if (!x) return d;
                    const v = e.target.value.trim();
                    if (key === 'via' && v === '') delete x.via;
                    else x[key] = v;
                    return d;
                  })
                }
              />
            </label>
          );
          return (
            <div
              className="host-row"
              key={`${version}:${i}:${doc.routes.length}`}
              data-testid={`host-route-${i}`}
            >
              {field('to', t.to)}
              {field('via', t.via)}
              {field('dev', t.dev)}
              <button
                type="button"
                className="icon"
                aria-label={t.remove(r.to)}
                title={t.remove(r.to)}
                onClick={() => edit((d) => ({ ...d, routes: d.routes.filter((_, k) => k !== i) }))}
              >
                ×
              </button>
              <Problems list={problemsAt(diags, at)} />
            </div>
          );
        })}
        <button
          type="button"
          onClick={() => edit((d) => ({ ...d, routes: [...d.routes, { to: '', dev: '' }] }))}
          data-path="routes"
        >
          {t.addRoute}
        </button>
      </fieldset>
      <label className="host-check">
        <input
          type="checkbox"
          checked={doc.ipForward}
          onChange={(e) => edit((d) => ({ ...d, ipForward: e.target.checked }))}
          data-testid="host-ip-forward"
          data-path="ipForward"
        />{' '}
        {t.ipForward}
      </label>
      <Problems list={diags.filter((d) => d.path === '' || d.path === 'ipForward')} />
      {diags.some((d) => d.severity === 'error') ? (
        <p className="banner error">{t.invalid}</p>
      ) : null}
      <details className="host-why" open={stored === null}>
        <summary>{t.why}</summary>
        <ul>
          {summary.inferred.guesses.map((g, i) => (
            <li key={i}>
              {t.guess[g.kind](g.subject, g.value)}
              {g.line !== null ? (
                <>
                  {' '}
                  <button type="button" className="link" onClick={() => revealAt(g.line ?? 1, 1)}>
                    {t.atLine(g.line)}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
