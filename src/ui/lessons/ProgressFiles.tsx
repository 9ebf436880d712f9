/**
 * Export and import of lesson progress as a file. An import is read by the same validator as
 * stored progress; a refused file says why and leaves the learner's progress as it was.
 */
import { useRef, useState } from 'react';
import { useLang } from '../i18n/index.ts';
import { download } from '../share/export-svg.ts';
import { exportProgress } from './progress.ts';
import { useProgress } from './progress-store.ts';
import { lessonStrings } from './strings.ts';

export const PROGRESS_FILE_NAME = 'netfilter-lab-lessons.json';

type Said = { ok: boolean; text: string; more?: string } | null;

export function ProgressFiles() {
  const t = lessonStrings[useLang()];
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<Said>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const result = useProgress.getState().importText(text);
    setSaid(
      result.ok
        ? { ok: true, text: t.imported(result.count) }
        : { ok: false, text: t.importRefused(result.error), more: t.progressKept },
    );
  };
  return (
    <div className="lesson-files">
      <div className="button-row">
        <button
          type="button"
          onClick={() => {
            const text = exportProgress(useProgress.getState().lessons, new Date().toISOString());
            download(new Blob([text], { type: 'application/json' }), PROGRESS_FILE_NAME);
            setSaid({ ok: true, text: t.exported(PROGRESS_FILE_NAME) });
          }}
          data-testid="lesson-export"
        >
          {t.exportProgress}
        </button>
        <button type="button" onClick={() => input.current?.click()} data-testid="lesson-import">
          {t.importProgress}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="lesson-import-file"
        />
      </div>
      {said ? (
        <p
          className={`banner ${said.ok ? '' : 'error'}`}
          role={said.ok ? 'status' : 'alert'}
          data-testid="lesson-files-said"
        >
          {said.text} {said.more ?? ''}
        </p>
      ) : null}
    </div>
  );
}
