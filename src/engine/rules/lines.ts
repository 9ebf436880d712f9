/** How far a parse has read: called now and then with the characters read so far. */
export type OnProgress = (doneBytes: number, totalBytes: number) => void;

/** Lines between two progress reports: often enough for a progress bar, rare enough to cost nothing. */
export const PROGRESS_LINES = 2000;

/**
 * Walks the lines of a text with 1-based line numbers and the offset each starts at, accepting
 * \n and \r\n endings. With
 * onProgress, reports the offset reached every PROGRESS_LINES lines (never the end: the parser
 * reports that once it has finished).
 */
export function forEachLine(
  text: string,
  onProgress: OnProgress | undefined,
  fn: (line: string, lineNo: number, start: number) => void,
): void {
  forEachLineAt(text, onProgress, (no, start, stop) => fn(text.slice(start, stop), no, start));
}

/** forEachLine, each line given as where it starts and ends (its line feed, or \r\n, left out)
 * rather than as a string: for a reader that needs only some lines cut out. */
export function forEachLineAt(
  text: string,
  onProgress: OnProgress | undefined,
  fn: (lineNo: number, start: number, stop: number) => void,
): void {
  let start = 0;
  let no = 1;
  const n = text.length;
  let countdown = PROGRESS_LINES;
  while (start <= n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    let stop = end;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
    if (!(end === n && start === n)) fn(no, start, stop);
    start = end + 1;
    no++;
    if (--countdown === 0) {
      countdown = PROGRESS_LINES;
      if (onProgress && start < n) onProgress(start, n);
    }
  }
}
