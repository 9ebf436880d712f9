/**
 * "Open the link, or keep my work?" A native modal <dialog>: it traps focus, Escape answers
 * "keep my work", and focus starts on that safe answer.
 */
import { useEffect, useRef } from 'react';
import type { Lang } from '../i18n/index.ts';
import { answer } from './open.ts';
import { useShareStore } from './share-store.ts';
import { strings } from './strings.ts';

export function ConfirmDialog({ lang }: { lang: Lang }) {
  const t = strings[lang];
  const asking = useShareStore((s) => s.asking);
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (asking && !d.open) {
      d.showModal();
      keep.current?.focus();
    } else if (!asking && d.open) d.close();
  }, [asking]);

  return (
    <dialog
      ref={ref}
      className="share-dialog"
      aria-labelledby="share-ask-title"
      aria-describedby="share-ask-body"
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
      data-testid="share-confirm"
    >
      {asking ? (
        <>
          <h2 id="share-ask-title">{t.askTitle[asking.from]}</h2>
          <div id="share-ask-body">
            <p>{t.askBody[asking.doc.mode]}</p>
            <p className="muted">{t.askKeptNote}</p>
          </div>
          <div className="share-dialog-buttons">
            <button
              ref={keep}
              type="button"
              onClick={() => answer(false)}
              data-testid="share-keep-mine"
            >
              {t.keepMine}
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => answer(true)}
              data-testid="share-open-it"
            >
              {t.openIt}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
