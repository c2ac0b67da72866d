/**
 * Rows written one statement at a time: rows added while a write is in flight wait for it and
 * go together in the next, so a lane never has more than one statement at the database and
 * never leaves rows behind.
 */
export class WriteLane<T> {
  private waiting: T[] = [];
  private inFlight: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly failed: (error: Error) => void,
  ) {}

  add(row: T): void {
    this.waiting.push(row);
  }

  /** Rows are waiting or being written. */
  get busy(): boolean {
    return this.inFlight !== null || this.waiting.length > 0;
  }

  /**
   * Writes the rows waiting now, or, when a write is in flight, has them written right after it.
   * Resolves when the write it started (or the one in flight) ends; a failed write is reported,
   * never thrown.
   */
  flush(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    if (this.waiting.length === 0) return Promise.resolve();
    const rows = this.waiting;
    this.waiting = [];
    this.inFlight = this.write(rows)
      .catch(this.failed)
      .finally(() => {
        this.inFlight = null;
        if (this.again) {
          this.again = false;
          void this.flush();
        }
      });
    return this.inFlight;
  }
}
