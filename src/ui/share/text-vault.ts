/**
 * Where autosave keeps a text too big for localStorage (a pasted 100,000-rule dump is ~14 MB;
 * localStorage holds about 5 M characters per origin and needs the text as one JSON string).
 * IndexedDB takes the string as it is: no JSON, no quota of that size.
 */
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
      // a Blob, not the string: cloning a 14 MB string into the store took 50–160 ms of the
      // main thread; a Blob is handed over by reference
      const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
      await request((await store('readwrite')).put(blob, key));
    },
    async get(key) {
      const value: unknown = await request((await store('readonly')).get(key));
      if (value instanceof Blob) return value.text();
      return typeof value === 'string' ? value : null;
    },
  };
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
