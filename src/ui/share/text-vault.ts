/**
 * Where autosave keeps a text too big for localStorage (a pasted 100,000-rule dump is ~14 MB;
 * localStorage holds about 5 M characters per origin and needs the text as one JSON string).
 * IndexedDB takes the string as it is: no JSON, no quota of that size.
 */
import { nextTask } from '../next-task.ts';

export interface TextVault {
  put(key: string, text: string): Promise<void>;
  get(key: string): Promise<string | null>;
}

const DB_NAME = 'netfilter-lab';
const STORE = 'texts';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's IndexedDB as a vault; null where the browser offers none (private modes). */
export function indexedDbVault(): TextVault | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!db) {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      db = request(req);
    }
    return db;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    async put(key, text) {
      // a Blob, not the string: the store clones a string on the main thread, while a Blob is
      // handed over by reference
      const blob = await blobOf(text);
      await request((await store('readwrite')).put(blob, key));
    },
    async get(key) {
      const value: unknown = await request((await store('readonly')).get(key));
      if (value instanceof Blob) return value.text();
      return typeof value === 'string' ? value : null;
    },
  };
}

/** Characters per part of a big text's Blob: each part is encoded to UTF-8 in a task of its own. */
const PART = 512 * 1024;

/**
 * The text as a Blob, made a part at a time: one `new Blob([text])` of a big dump encodes it
 * in one long main-thread task, just as the user starts to click through the dump.
 */
export async function blobOf(text: string, part = PART): Promise<Blob> {
  const parts: Blob[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + part);
    // never between the halves of a surrogate pair: each part is encoded alone
    const c = text.charCodeAt(end);
    if (end < text.length && c >= 0xdc00 && c <= 0xdfff) end++;
    parts.push(new Blob([text.slice(at, end)]));
    at = end;
    if (at < text.length) await nextTask();
  }
  return new Blob(parts, { type: 'text/plain;charset=utf-8' });
}

/** A vault in memory, for tests. */
export function memoryVault(): TextVault & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    put: async (key, text) => void data.set(key, text),
    get: async (key) => data.get(key) ?? null,
  };
}
