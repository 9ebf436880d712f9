/** Reads the ruleset text a command works on: a file, or standard input for `-`. */
import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.ts';

export interface Input {
  /** the name diagnostics start with: the path as given, or `<stdin>` */
  name: string;
  text: string;
  /** the bytes `text` was decoded from (print copies a dump's lines from them) */
  bytes?: Buffer;
}

export const STDIN_NAME = '<stdin>';

export async function readInput(file: string): Promise<Input> {
  const buf = file === '-' ? await readStdin() : await readFileOrExplain(file);
  // a BOM is not part of the first line: strip it so columns match what an editor shows
  const text = buf.toString('utf8');
  return {
    name: file === '-' ? STDIN_NAME : file,
    text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
    bytes: buf,
  };
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

async function readFileOrExplain(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new UsageError(`cannot read ${file}: ${why}`, false);
  }
}
