/**
 * Milliseconds of bulk work per turn of the event loop, all bulk tasks together. Each task had a
 * slice of its own (queued telemetry 4 ms, COPY data 5 ms, rollup sums, changed devices, state
 * rows): when several ran in the same turn, an ack, a command or an HTTP request arriving
 * meanwhile waited for all of them, and each step of a command's round trip (a database
 * answer, a publish to its gateway) costs a turn.
 */
export const BULK_BUDGET_MS = 4;

/**
 * One budget of bulk work per turn of the event loop, shared by every bulk task of ingestion.
 * A task works in slices: between two, it awaits `room()`, which when `spent` is `next()`: that
 * resumes the waiting tasks in a later turn one after another (in the order they asked) until
 * that turn's budget is spent. What is not bulk (acks, commands, express state, HTTP) never
 * waits for a turn, so it waits for one budget of bulk work at most, not for each task's.
 */
export class BulkTurns {
  /** When the current turn's budget opened (`now()`). */
  private openedAt = Number.NEGATIVE_INFINITY;
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  constructor(
    private readonly budgetMs = BULK_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether this turn's budget is spent (always, outside of a turn's budget window). */
  get spent(): boolean {
    return this.now() - this.openedAt >= this.budgetMs;
  }

  /**
   * Where a task working in slices pauses: undefined while this turn's budget lasts, else
   * `next()`. (`await` of undefined goes on at once.)
   */
  room(): Promise<void> | undefined {
    return this.spent ? this.next() : undefined;
  }

  /** Resolves when the task may work again: in a later turn, once those that asked before have had theirs. */
  next(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.open);
  }

  private readonly open = (): void => {
    this.scheduled = false;
    this.openedAt = this.now();
    this.resumeOne();
  };

  private resumeOne(): void {
    const resume = this.waiting.shift();
    if (!resume) return;
    resume();
    // Queued after the task's continuation: runs once its slice is done (or it awaits something).
    queueMicrotask(() => {
      if (this.waiting.length === 0) return;
      if (this.spent) this.schedule();
      else this.resumeOne();
    });
  }
}
