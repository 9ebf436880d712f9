/**
 * The parts of the host form: the interface rows, the route rows and the reasons for the guess.
 * Each input keeps what is typed (`version` in its key starts it over) and hands the edited
 * document to `edit`.
 */
import type { FieldDiagnostic } from '../../engine/netfilter/fields.ts';
import type { HostDocument } from '../../engine/netfilter/infer-host.ts';
import type { DumpSummary } from '../../worker/dump-protocol.ts';
import { diagnosticText } from '../diagnostics/diagnostic-text.ts';
import { useLang } from '../i18n/index.ts';
import { useUi } from '../stores/ui-store.ts';
import { problemsAt, splitAddresses } from './host-doc.ts';
import type { DumpStrings } from './strings.ts';

type HostStrings = DumpStrings['host'];

export interface HostFieldsProps {
  doc: HostDocument;
  diags: FieldDiagnostic[];
  edit: (f: (d: HostDocument) => HostDocument) => void;
  /** part of each row's key: a reset or another dump starts the inputs over */
  version: string;
  t: HostStrings;
}

export function Problems({ list }: { list: FieldDiagnostic[] }) {
  const lang = useLang();
  if (list.length === 0) return null;
  return (
    <ul className="host-problems" role="alert">
      {list.map((d, i) => (
        <li key={i} className={d.severity}>
          <span title={lang === 'en' ? undefined : d.message}>{diagnosticText(d, lang)}</span>
        </li>
      ))}
    </ul>
  );
}

export function InterfaceRows({ doc, diags, edit, version, t }: HostFieldsProps) {
  return (
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
  );
}

export function RouteRows({ doc, diags, edit, version, t }: HostFieldsProps) {
  return (
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
  );
}

/** Why the host was guessed as it is, each reason with a link to the rule line it comes from. */
export function GuessReasons({
  summary,
  open,
  t,
}: {
  summary: DumpSummary;
  open: boolean;
  t: HostStrings;
}) {
  const revealAt = useUi((s) => s.revealAt);
  return (
    <details className="host-why" open={open}>
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
  );
}
