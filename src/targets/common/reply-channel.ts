/**
 * The way back from an embedded emulator to the engine: replies are queued in
 * the order they were produced and handed to the one listener asynchronously
 * (never from inside the engine's own write call), merged into one chunk per
 * turn. Replies produced before the listener is set wait for it.
 */
export type DataListener = (data: Uint8Array) => void;

export class ReplyChannel {
  private listener: DataListener | undefined;
  private queue: Uint8Array[] = [];
  private scheduled = false;
  private closed = false;

  setListener(listener: DataListener): void {
    this.listener = listener;
    if (this.queue.length > 0) this.schedule();
  }

  push(bytes: Uint8Array): void {
    if (this.closed || bytes.length === 0) return;
    this.queue.push(bytes);
    this.schedule();
  }

  /** Drop whatever is queued and deliver nothing more. */
  close(): void {
    this.closed = true;
    this.queue = [];
    this.listener = undefined;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const listener = this.listener;
    if (!listener || this.queue.length === 0) return;
    const parts = this.queue;
    this.queue = [];
    listener(parts.length === 1 ? parts[0]! : concatBytes(parts));
  }
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
