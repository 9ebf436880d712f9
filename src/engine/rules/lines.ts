/** Walks the lines of a text with 1-based line numbers, accepting \n and \r\n endings. */
export function forEachLine(text: string, fn: (line: string, lineNo: number) => void): void {
  let start = 0;
  let no = 1;
  const n = text.length;
  while (start <= n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    let stop = end;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
    if (!(end === n && start === n)) fn(text.slice(start, stop), no);
    start = end + 1;
    no++;
  }
}
