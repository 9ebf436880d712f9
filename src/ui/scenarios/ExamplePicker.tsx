/**
 * The header's example picker: a button that opens a list of the shipped scenarios, each with
 * its title and a one-line summary, and a button per version for those that come in several
 * (4, 3 and 2 pods). Picking one opens it with an Undo (open-example.ts). Escape or a click
 * outside closes the list and returns focus to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  dumpScenarios,
  scenarios,
  type DumpScenario,
  type Scenario,
} from '../../engine/scenarios/index.ts';
import { useLang } from '../i18n/index.ts';
import { strings } from './strings.ts';
import './examples.css';

/**
 * Building an example's document takes the cluster loader and the Docker model, which the first
 * view does not need: they load when the list opens, before the click that uses them.
 */
const opening = () => import('./open-example.ts');

function ExampleItem({ s, pick }: { s: Scenario; pick(s: Scenario, cluster: number): void }) {
  const lang = useLang();
  const title = s.title[lang];
  return (
    <li className="example-item">
      <button
        type="button"
        className="example-open"
        onClick={() => pick(s, 0)}
        data-testid={`example-${s.id}`}
      >
        <span className="example-title">{title}</span>
        <span className="example-summary">{s.summary[lang]}</span>
      </button>
      {s.clusters.length > 1 ? (
        <div className="example-versions" role="group" aria-label={title}>
          {s.clusters.map((c, i) => (
            <button
              key={i}
              type="button"
              onClick={() => pick(s, i)}
              aria-label={`${title}: ${c.label[lang]}`}
              data-testid={`example-${s.id}-${i}`}
            >
              {c.label[lang]}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** An example opened as a dump (the Docker host): one button, no versions. */
function DumpExampleItem({ s, pick }: { s: DumpScenario; pick(s: DumpScenario): void }) {
  const lang = useLang();
  return (
    <li className="example-item">
      <button
        type="button"
        className="example-open"
        onClick={() => pick(s)}
        data-testid={`example-${s.id}`}
      >
        <span className="example-title">{s.title[lang]}</span>
        <span className="example-summary">{s.summary[lang]}</span>
      </button>
    </li>
  );
}

export function ExamplePicker() {
  const t = strings[useLang()];
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    void opening();
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    box.current?.querySelector<HTMLButtonElement>('.example-open')?.focus();
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const pick = (s: Scenario, cluster: number) => {
    void opening().then((m) => {
      m.openExample(s, cluster);
      close();
    });
  };
  const pickDump = (s: DumpScenario) => {
    void opening().then((m) => {
      m.openDumpExample(s);
      close();
    });
  };

  return (
    <div
      className="example-picker"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        ref={button}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid="example-picker"
      >
        {t.button} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={listId} className="example-panel" data-testid="example-list">
          <div className="example-head">
            <h2>{t.heading}</h2>
            <button type="button" className="example-close" onClick={close}>
              {t.close}
            </button>
          </div>
          <ul>
            {scenarios.map((s) => (
              <ExampleItem key={s.id} s={s} pick={pick} />
            ))}
            {dumpScenarios.map((s) => (
              <DumpExampleItem key={s.id} s={s} pick={pickDump} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
