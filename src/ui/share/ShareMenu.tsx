/**
 * The header's share menu: copy a link, save or open a scenario file, export the drawings and
 * the trace, reset to the example. A menu button (arrow keys move, Escape closes and returns
 * focus); the dialog and notices it raises are mounted here too, so the header is its only
 * attachment point.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useLang } from '../i18n/index.ts';
import { useSentRequest } from '../queries/scenario.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { DumpLinkDialog } from './DumpLinkDialog.tsx';
import { exportDrawing, exportScenario, exportTrace, type Drawing } from './exports.ts';
import { copyLink } from './link.ts';
import { openFile, replaceWith } from './open.ts';
import { useRestoreStep } from './restore-step.ts';
import { ShareNotice } from './ShareNotice.tsx';
import { useShareStore } from './share-store.ts';
import { exampleDoc, takeSnapshot } from './snapshot.ts';
import { strings, type ShareStrings } from './strings.ts';
import './share.css';

/** Mounted alone so the trace it watches re-renders nothing else. */
function StepRestorer() {
  useRestoreStep();
  return null;
}

function Item(props: { onPick(): void; children: ReactNode; testId: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      disabled={props.disabled}
      onClick={props.onPick}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

function Group(props: { id: string; label: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={props.id} className="share-group">
      <span id={props.id} className="share-group-label" role="presentation">
        {props.label}
      </span>
      {props.children}
    </div>
  );
}

/** Runs a menu action, turning a failure into a notice rather than an unhandled rejection. */
function run(action: () => Promise<unknown> | unknown): void {
  Promise.resolve()
    .then(action)
    .catch(() => useShareStore.getState().notify({ kind: 'export-failed' }));
}

function MenuItems(props: { t: ShareStrings; close(): void; pickFile(): void }) {
  const { t, close } = props;
  const sent = useSentRequest();
  const notify = useShareStore((s) => s.notify);
  const pick = (action: () => Promise<unknown> | unknown) => () => {
    close();
    run(action);
  };
  const drawing = (which: Drawing, as: 'svg' | 'png') =>
    pick(async () => {
      const file = await exportDrawing(which, as);
      notify(file ? { kind: 'exported', file } : { kind: 'export-failed' });
    });
  return (
    <>
      <Group id="share-g-share" label={t.groupShare}>
        <Item
          onPick={pick(() => {
            // a node's rules can be private: a dump goes into a link only when the user says so
            const { mode, dump } = useScenario.getState();
            if (mode !== 'dump' || dump.trim() === '') return copyLink();
            useShareStore.getState().askDumpLink(true);
            return undefined;
          })}
          testId="share-copy-link"
        >
          {t.copyLink}
        </Item>
        <Item
          onPick={pick(() =>
            notify({ kind: 'exported', file: exportScenario(takeSnapshot({ texts: 'shown' })) }),
          )}
          testId="share-save-file"
        >
          {t.saveFile}
        </Item>
        <Item
          onPick={() => {
            close();
            props.pickFile();
          }}
          testId="share-open-file"
        >
          {t.openFile}
        </Item>
      </Group>
      <Group id="share-g-export" label={t.groupExport}>
        <Item onPick={drawing('diagram', 'svg')} testId="export-diagram-svg">
          {t.diagramSvg}
        </Item>
        <Item onPick={drawing('diagram', 'png')} testId="export-diagram-png">
          {t.diagramPng}
        </Item>
        <Item onPick={drawing('graph', 'svg')} testId="export-graph-svg">
          {t.graphSvg}
        </Item>
        <Item onPick={drawing('graph', 'png')} testId="export-graph-png">
          {t.graphPng}
        </Item>
        <Item
          onPick={pick(async () => {
            if (!sent?.ok) return notify({ kind: 'no-trace' });
            const file = await exportTrace(sent.req);
            notify(file ? { kind: 'exported', file } : { kind: 'no-trace' });
          })}
          testId="export-trace-json"
        >
          {t.traceJson}
        </Item>
      </Group>
      <Group id="share-g-work" label={t.groupWork}>
        <Item onPick={pick(() => replaceWith(exampleDoc(), 'reset'))} testId="share-reset">
          {t.reset}
        </Item>
      </Group>
    </>
  );
}

function focusItem(menu: HTMLElement | null, move: 'first' | 'last' | 1 | -1): void {
  if (!menu) return;
  const items = [...menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    move === 'first'
      ? 0
      : move === 'last'
        ? items.length - 1
        : (at + move + items.length) % items.length;
  items[next]?.focus();
}

export function ShareMenu() {
  const lang = useLang();
  const t = strings[lang];
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // the menu hangs from the button's right edge; where the header has wrapped the button to the
  // left of the window, that would put the menu past it: hang it from the left edge instead
  useLayoutEffect(() => {
    const el = menu.current;
    if (!open || !el) return;
    el.classList.toggle('from-start', el.getBoundingClientRect().left < 0);
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    focusItem(menu.current, 'first');
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusItem(menu.current, 1),
      ArrowUp: () => focusItem(menu.current, -1),
      Home: () => focusItem(menu.current, 'first'),
      End: () => focusItem(menu.current, 'last'),
      Escape: () => close(),
      Tab: () => setOpen(false),
    };
    const act = keys[e.key];
    if (!act) return;
    if (e.key !== 'Tab') e.preventDefault();
    act();
  };

  return (
    <div className="share-menu">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="share-menu-list"
        aria-label={t.menuLabel}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="share-menu"
      >
        {t.menu} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id="share-menu-list"
          role="menu"
          aria-label={t.menuLabel}
          className="share-popup"
          onKeyDown={onMenuKey}
          data-testid="share-menu-list"
        >
          <MenuItems t={t} close={() => close()} pickFile={() => fileInput.current?.click()} />
        </div>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="share-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void openFile(file);
        }}
      />
      <ConfirmDialog lang={lang} />
      <DumpLinkDialog lang={lang} />
      <ShareNotice lang={lang} />
      <StepRestorer />
    </div>
  );
}
