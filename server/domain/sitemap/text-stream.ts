// Writes text to a Writable in ~64 KB chunks and waits for 'drain' when the stream asks it to, so
// memory stays bounded however large the output is. A stream that closes or fails while we wait
// (a client that hung up) rejects, which stops the generator instead of leaving it waiting.
import type { Writable } from 'node:stream';

const CHUNK_CHARS = 64 * 1024;

function waitForDrain(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onError);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new Error('output stream closed before the sitemap was written'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', onError);
  });
}

export class TextStream {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly out: Writable) {}

  /** Buffers text; flushes once a chunk's worth has gathered. */
  async write(text: string): Promise<void> {
    if (text === '') return;
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (this.out.destroyed || this.out.writableEnded) {
      throw new Error('output stream closed before the sitemap was written');
    }
    if (!this.out.write(chunk)) await waitForDrain(this.out);
  }
}
