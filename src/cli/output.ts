/**
 * Writes to stdout in pieces and waits when the pipe is full, so that a 100 MB JSON answer never
 * has to sit in memory as one string, and a closed pipe (`| head`) ends quietly.
 */
import type { Writable } from 'node:stream';

const FLUSH_AT = 1 << 20;

export class Output {
  private parts: string[] = [];
  private size = 0;
  private closed = false;

  constructor(private readonly stream: Writable = process.stdout) {
    // the reader went away (EPIPE): nothing more to say
    stream.on('error', () => {
      this.closed = true;
      this.stream.emit('drain');
    });
  }

  /** Queues text; returns a promise only worth awaiting after big pieces. */
  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= FLUSH_AT) await this.flush();
  }

  /** Writes bytes after the text queued before them. */
  async writeBytes(bytes: Uint8Array): Promise<void> {
    await this.flush();
    if (this.closed) return;
    if (!this.stream.write(bytes))
      await new Promise<void>((resolve) => this.stream.once('drain', resolve));
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0 || this.closed) return;
    const chunk = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(chunk))
      await new Promise<void>((resolve) => this.stream.once('drain', resolve));
  }
}
