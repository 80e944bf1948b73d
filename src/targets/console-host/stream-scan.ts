/**
 * Whether a short ASCII text went by in a stream since restart(), however the
 * stream was cut into chunks (strings, as node-pty gives them on Windows, or bytes).
 */
export class StreamScan {
  seen = false;
  private tail = '';
  private active = false;

  constructor(private readonly needle: string) {}

  restart(): void {
    this.seen = false;
    this.tail = '';
    this.active = true;
  }

  feed(data: string | Uint8Array): void {
    if (!this.active || this.seen) return;
    const text = this.tail + (typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'));
    this.seen = text.includes(this.needle);
    this.tail = this.needle.length > 1 ? text.slice(1 - this.needle.length) : '';
  }
}
