/**
 * The few web-platform APIs the scenario codec needs: compression streams and UTF-8 text
 * encoding, present alike in browsers, Web Workers and Node 18+. The engine compiles without the
 * DOM library, so they are typed here by shape, only as far as the codec uses them.
 */
interface ByteReader {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>;
  cancel(): Promise<void>;
}

interface ByteWriter {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** A CompressionStream or DecompressionStream: bytes in, bytes out. */
export interface ByteTransform {
  readonly writable: { getWriter(): ByteWriter };
  readonly readable: { getReader(): ByteReader };
}

interface Platform {
  CompressionStream: new (format: 'deflate-raw') => ByteTransform;
  DecompressionStream: new (format: 'deflate-raw') => ByteTransform;
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (
    label: 'utf-8',
    options: { fatal: boolean },
  ) => { decode(bytes: Uint8Array): string };
}

export const platform = globalThis as unknown as Platform;

/** A file the user picked (a DOM File or Blob): its size, and its text when asked. */
export interface PickedFile {
  readonly size: number;
  text(): Promise<string>;
}
