import fs from 'node:fs';
import type { Clock } from './clock';

type Logger = { warn(obj: object, msg: string): void };

/** How often the file is checked for a change (fs.watchFile polls; the file may not exist yet). */
const POLL_MS = 200;

/**
 * A test clock for the running product (`ICS_TEST_CLOCK_FILE`, refused in production by
 * config.ts): the system time plus the whole number of milliseconds written in a file. Only
 * someone who can write the server's files moves it, so it opens nothing over the network; a
 * browser test writes the file to jump past a strategy's action instead of waiting for it.
 * A missing or empty file is an offset of 0; unreadable content keeps the last good offset.
 */
export class FileOffsetClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<(offsetMs: number) => void>();
  private readonly watcher = () => {
    const next = this.read();
    if (next === null || next === this.offsetMs) return;
    this.offsetMs = next;
    for (const listener of this.listeners) listener(next);
  };

  constructor(
    readonly file: string,
    private readonly log: Logger,
  ) {
    this.offsetMs = this.read() ?? 0;
    fs.watchFile(file, { interval: POLL_MS, persistent: false }, this.watcher);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Called after the offset changed (the scheduler ticks at once instead of at its next interval). */
  onChange(listener: (offsetMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
    fs.unwatchFile(this.file, this.watcher);
  }

  /** The offset in the file, 0 when there is none, null when the content is not an integer. */
  private read(): number | null {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8').trim();
    } catch {
      return 0;
    }
    if (text === '') return 0;
    if (!/^[+-]?\d+$/.test(text)) {
      this.log.warn(
        { file: this.file, content: text.slice(0, 40) },
        'test clock file ignored: not an integer',
      );
      return null;
    }
    return Number(text);
  }
}
