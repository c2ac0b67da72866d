import type { LampColumns, SensorColumns } from '../telemetry/reading-columns';
import { RollupBuckets, type RollupProgress } from '../telemetry/rollup-buckets';
import type { TelemetryStore } from '../telemetry/telemetry-store';
import type { BulkTurns } from './bulk-turns';
import type { IngestStats } from './ingest-events';

/** Readings added to the rollup sums between two looks at the bulk budget (bulk-turns.ts). */
const ROLLUP_SLICE = 1_000;

/**
 * Stores the readings of a flush in the history tables (COPY, device-ordered: telemetry-store.ts)
 * and adds them, once stored, to the hourly rollup sums the rollup job writes.
 */
export class HistoryWriter {
  /** Hourly rollup sums of the readings stored since the last rollup run. */
  private buckets = new RollupBuckets();

  constructor(
    private readonly store: TelemetryStore,
    private readonly turns: BulkTurns,
    private readonly stats: IngestStats,
    /** Where written buffers go back, emptied, for the next flushes. */
    private readonly recycle: (lamps: LampColumns, sensors: SensorColumns) => void,
  ) {}

  async write(lamps: LampColumns, sensors: SensorColumns): Promise<void> {
    const started = Date.now();
    try {
      await this.store.insertLamps(lamps);
      this.stats.stored += lamps.size;
      // In slices: a flush of 20,000+ readings summed at once held the event loop for tens of ms.
      for (let from = 0; from < lamps.size; from += ROLLUP_SLICE) {
        await this.turns.room();
        this.buckets.addLamps(lamps, from, Math.min(lamps.size, from + ROLLUP_SLICE));
      }
      await this.store.insertSensors(sensors);
      this.stats.stored += sensors.size;
      this.buckets.addSensors(sensors);
    } finally {
      this.stats.historyMs += Date.now() - started;
      this.recycle(lamps, sensors);
    }
  }

  /** Takes the hourly rollup sums gathered since the last call (the rollup job upserts them). */
  takeRollupBuckets(): RollupBuckets {
    const b = this.buckets;
    this.buckets = new RollupBuckets();
    return b;
  }

  /**
   * Gives back rollup sums a failed run did not write, `done` being those it wrote (merged into
   * the sums gathered meanwhile).
   */
  returnRollupBuckets(b: RollupBuckets, done?: RollupProgress): void {
    b.mergeInto(this.buckets, done);
  }
}
