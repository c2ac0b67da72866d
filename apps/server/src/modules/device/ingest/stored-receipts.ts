/** The receipt a flush answers for: resolved, when it ends, with the count of failed flushes. */
type FlushReceipt = { promise: Promise<number>; resolve(failures: number): void };

/**
 * Promises that what ingestion took in until now is stored: the bus acknowledges QoS 1 telemetry
 * only then, since a gateway forgets a message once acknowledged and a crash before the write
 * would lose it. Such a promise is answered by the first flush that starts after it was asked
 * for. Flushes run one at a time, so when that one ends, everything taken in before is written,
 * by it or by the one in progress when asked; unless a flush failed in between, which the
 * promise then rejects with.
 */
export class StoredReceipts {
  /** The receipt the next flush to start answers for; none until someone waits. */
  private next: FlushReceipt | null = null;
  private failures = 0;

  /** Settles once what was taken in until now is stored; rejects when it may not be. */
  whenStored(): Promise<void> {
    const failuresBefore = this.failures;
    if (!this.next) {
      let resolve!: (failures: number) => void;
      const promise = new Promise<number>((r) => {
        resolve = r;
      });
      this.next = { promise, resolve };
    }
    return this.next.promise.then((failures) => {
      if (failures !== failuresBefore) throw new Error('a flush failed: readings may not be stored');
    });
  }

  /** A flush starts: it answers for the receipt waiting, if any. */
  take(): FlushReceipt | null {
    const receipt = this.next;
    this.next = null;
    return receipt;
  }

  /** The flush that took `receipt` ended. */
  settle(receipt: FlushReceipt | null, failed: boolean): void {
    if (failed) this.failures++;
    receipt?.resolve(this.failures);
  }
}
