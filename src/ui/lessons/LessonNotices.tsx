/**
 * What a lesson link has to say, under the header: why it could not be opened (with the lesson
 * list offered), or the question "open the shared step / continue mine". Text only: nothing from
 * a link is rendered as markup.
 */
import { useLang } from '../i18n/index.ts';
import { pick } from './LessonText.tsx';
import { answerLinkAsk } from './lesson-links.ts';
import { useSession } from './session-store.ts';
import { summaryOf } from './session.ts';
import { lessonStrings } from './strings.ts';

export function LessonNotices() {
  const lang = useLang();
  const t = lessonStrings[lang];
  const linkError = useSession((s) => s.linkError);
  const linkAsk = useSession((s) => s.linkAsk);
  const set = useSession((s) => s.set);
  if (linkError)
    return (
      <div className="lesson-notice-box error" role="alert" data-testid="lesson-link-error">
        <p className="share-error-title">{t.linkErrorTitle}</p>
        <p data-testid="lesson-link-error-text">{t.linkError(linkError)}</p>
        <p className="muted">{t.progressKept}</p>
        <div className="button-row">
          <button
            type="button"
            className="primary"
            onClick={() => set({ linkError: null, screen: 'index' })}
            data-testid="lesson-link-offer-index"
          >
            {t.offerIndex}
          </button>
          <button type="button" onClick={() => set({ linkError: null })}>
            {t.dismiss}
          </button>
        </div>
      </div>
    );
  if (linkAsk) {
    const title = summaryOf(linkAsk.id)?.title;
    return (
      <div
        className="lesson-notice-box"
        role="alertdialog"
        aria-label={t.askTitle}
        data-testid="lesson-link-ask"
      >
        <p className="share-error-title">{t.askTitle}</p>
        <p>
          {t.askBody(
            title ? pick(title, lang).text : linkAsk.id,
            linkAsk.step + 1,
            linkAsk.mine + 1,
          )}
        </p>
        <div className="button-row">
          <button
            type="button"
            className="primary"
            onClick={() => void answerLinkAsk(true)}
            data-testid="lesson-link-open-shared"
          >
            {t.openShared}
          </button>
          <button
            type="button"
            onClick={() => void answerLinkAsk(false)}
            data-testid="lesson-link-continue-mine"
          >
            {t.continueMine}
          </button>
        </div>
      </div>
    );
  }
  return null;
}
