/**
 * The latest thing the share feature has to say, under the header: a link to copy, a scenario
 * too big for a link, an export saved, a link that could not be opened, an undo. Errors are
 * announced as alerts, the rest politely. Everything here is text: nothing from a link or file
 * is ever rendered as markup.
 */
import { useEffect } from 'react';
import type { Lang } from '../i18n/index.ts';
import { exportScenario } from './exports.ts';
import { LIMITS } from '../../engine/scenario/doc.ts';
import { useShareStore, type Notice } from './share-store.ts';
import { applySnapshot, takeSnapshot } from './snapshot.ts';
import { strings, type ShareStrings } from './strings.ts';

/** Notices that only report something done go away by themselves. */
const FADE_MS = 6000;

function Body({ n, t }: { n: Notice; t: ShareStrings }) {
  const notify = useShareStore((s) => s.notify);
  switch (n.kind) {
    case 'link':
      return (
        <>
          <p>{n.copied ? t.linkCopied : t.linkShown}</p>
          {n.withoutDump ? <p className="muted">{t.linkWithoutDump}</p> : null}
          <input
            className="share-link-field"
            readOnly
            value={n.url}
            aria-label={t.linkField}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="share-link"
          />
        </>
      );
    case 'too-long':
      return (
        <>
          <p>{t.tooLong(n.chars, LIMITS.MAX_LINK_URL)}</p>
          <button
            type="button"
            className="primary"
            onClick={() =>
              notify({
                kind: 'exported',
                file: exportScenario(takeSnapshot({ texts: 'shown' })),
              })
            }
            data-testid="share-too-long-save"
          >
            {t.download}
          </button>
        </>
      );
    case 'error':
      return (
        <>
          <p className="share-error-title">{t.errorTitle[n.from]}</p>
          <p data-testid="share-error-text">{t.error(n.error)}</p>
          <p className="muted">{t.workSafe}</p>
        </>
      );
    case 'undo':
      return (
        <>
          <p>{t.undone[n.what]}</p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              applySnapshot(n.previous);
              notify(null);
            }}
            data-testid="share-undo"
          >
            {t.undo}
          </button>
        </>
      );
    case 'exported':
      return <p>{t.exported(n.file)}</p>;
    case 'export-failed':
      return <p>{t.exportFailed}</p>;
    case 'without-dump':
      return <p>{n.hasOwn ? t.openedWithoutDumpOwn : t.openedWithoutDump}</p>;
    case 'no-trace':
      return <p>{t.noTrace}</p>;
    case 'storage-full':
      return <p>{t.storageFull}</p>;
  }
}

export function ShareNotice({ lang }: { lang: Lang }) {
  const t = strings[lang];
  const notice = useShareStore((s) => s.notice);
  const notify = useShareStore((s) => s.notify);
  useEffect(() => {
    if (notice?.kind !== 'exported') return undefined;
    const timer = setTimeout(() => {
      if (useShareStore.getState().notice === notice) notify(null);
    }, FADE_MS);
    return () => clearTimeout(timer);
  }, [notice, notify]);
  const alert = notice?.kind === 'error' || notice?.kind === 'storage-full';
  const box = notice ? (
    <div
      className={`share-notice${alert ? ' error' : ''}`}
      data-testid={`share-notice-${notice.kind}`}
    >
      <div className="share-notice-body">
        <Body n={notice} t={t} />
      </div>
      <button
        type="button"
        className="share-dismiss"
        aria-label={t.dismiss}
        title={t.dismiss}
        onClick={() => notify(null)}
        data-testid="share-dismiss"
      >
        ×
      </button>
    </div>
  ) : null;
  // both live regions stay mounted, so screen readers hear what appears in them
  return (
    <div className="share-notice-region">
      <div role="alert">{alert ? box : null}</div>
      <div role="status">{alert ? null : box}</div>
    </div>
  );
}
