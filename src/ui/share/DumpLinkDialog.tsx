/**
 * "Share the dump too?" A link made in the dump workspace would carry the whole dump, and a
 * node's rules can be private (addresses, Service names, comments), so the menu asks before
 * copying. Focus starts on the answer that shares less; Escape cancels.
 */
import { useEffect, useRef } from 'react';
import type { Lang } from '../i18n/index.ts';
import { useScenario } from '../stores/scenario-store.ts';
import { copyLink } from './link.ts';
import { useShareStore } from './share-store.ts';
import { strings } from './strings.ts';

/** The dump's size as the dialog says it: lines, and kilobytes of UTF-8. */
export function dumpSize(dump: string): { lines: number; kb: number } {
  const trimmed = dump.endsWith('\n') ? dump.slice(0, -1) : dump;
  const lines = trimmed === '' ? 0 : trimmed.split('\n').length;
  return { lines, kb: Math.max(1, Math.round(new TextEncoder().encode(dump).length / 1024)) };
}

export function DumpLinkDialog({ lang }: { lang: Lang }) {
  const t = strings[lang];
  const asking = useShareStore((s) => s.askingDumpLink);
  const askDumpLink = useShareStore((s) => s.askDumpLink);
  const notify = useShareStore((s) => s.notify);
  const dump = useScenario((s) => (asking ? s.dump : ''));
  const ref = useRef<HTMLDialogElement>(null);
  const without = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (asking && !d.open) {
      d.showModal();
      without.current?.focus();
    } else if (!asking && d.open) d.close();
  }, [asking]);

  const copy = (withoutDump: boolean) => {
    askDumpLink(false);
    copyLink({ withoutDump }).catch(() => notify({ kind: 'export-failed' }));
  };
  const size = dumpSize(dump);
  return (
    <dialog
      ref={ref}
      className="share-dialog"
      aria-labelledby="share-dump-link-title"
      aria-describedby="share-dump-link-body"
      onCancel={(e) => {
        e.preventDefault();
        askDumpLink(false);
      }}
      data-testid="share-dump-link"
    >
      {asking ? (
        <>
          <h2 id="share-dump-link-title">{t.dumpLinkTitle}</h2>
          <p id="share-dump-link-body">{t.dumpLinkBody(size.lines, size.kb)}</p>
          <div className="share-dialog-buttons">
            <button
              type="button"
              onClick={() => askDumpLink(false)}
              data-testid="share-dump-cancel"
            >
              {t.dumpLinkCancel}
            </button>
            <button type="button" onClick={() => copy(false)} data-testid="share-dump-with">
              {t.dumpLinkWith}
            </button>
            <button
              ref={without}
              type="button"
              className="primary"
              onClick={() => copy(true)}
              data-testid="share-dump-without"
            >
              {t.dumpLinkWithout}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
