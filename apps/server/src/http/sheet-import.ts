import { AppError } from '../lib/errors';
import { startWorker } from '../lib/worker-thread';
import type { SheetRefusal, SheetWorkerInput, SheetWorkerMessage } from './sheet-protocol';
import { zipDirectory } from './zip-directory';

/** What one import may hold; an .xlsx beyond any of these is refused before or while reading. */
export const SHEET_LIMITS = {
  /** Everything in the archive once inflated (a 10,000-row sheet is a few MB). */
  maxUncompressedBytes: 40 * 1024 * 1024,
  maxEntries: 500,
  maxRows: 10_000,
  maxColumns: 50,
  /** The reading thread's heap, and how long it may read. */
  maxHeapMb: 256,
  timeoutMs: 60_000,
};
export type SheetLimits = typeof SHEET_LIMITS;

/** One row of a sheet: its number in the sheet (1 = the header row) and its cells' texts. */
export type SheetRowCells = { row: number; cells: string[] };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const REFUSALS: Record<SheetRefusal, (limits: SheetLimits) => AppError> = {
  rows: (l) => new AppError(400, 'system.import.too_many_rows', { max: l.maxRows }),
  columns: (l) => new AppError(400, 'system.import.too_many_columns', { max: l.maxColumns }),
  unreadable: () => new AppError(400, 'system.import.bad_file'),
};
const tooLarge = (l: SheetLimits) =>
  new AppError(400, 'system.import.too_large', { max: megabytes(l.maxUncompressedBytes) });

/**
 * The rows of the first sheet of an .xlsx (base64), read on a thread of its own so that the
 * server keeps answering. The archive's central directory is checked first (entries and inflated
 * size, without inflating); the thread then streams rows and stops at the row and column limits,
 * its heap and time bounded. `onRows` hears how many rows have been read so far.
 */
export function readSheetRows(
  base64: string,
  onRows: (rows: number) => void = () => {},
  limits: SheetLimits = SHEET_LIMITS,
): Promise<SheetRowCells[]> {
  const bytes = Buffer.from(base64, 'base64');
  const zip = zipDirectory(bytes);
  if (!zip) return Promise.reject(REFUSALS.unreadable(limits));
  if (zip.uncompressed > limits.maxUncompressedBytes || zip.entries > limits.maxEntries)
    return Promise.reject(tooLarge(limits));
  const input: SheetWorkerInput = { bytes, maxRows: limits.maxRows, maxColumns: limits.maxColumns };
  const worker = startWorker(new URL('./sheet-worker.ts', import.meta.url), {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
  });
  return new Promise<SheetRowCells[]>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(tooLarge(limits))), limits.timeoutMs);
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    worker.on('message', (message: SheetWorkerMessage) => {
      if (message.kind === 'progress') onRows(message.rows);
      else if (message.kind === 'done') finish(() => resolve(message.rows));
      else finish(() => reject(REFUSALS[message.reason](limits)));
    });
    // Out of its heap (a sheet that inflates beyond what its directory said) or failing to start.
    worker.on('error', () => finish(() => reject(tooLarge(limits))));
    worker.on('exit', () => finish(() => reject(REFUSALS.unreadable(limits))));
  });
}

/** Where a user's import stands, for the console's import dialog. */
export type ImportProgress = {
  running: boolean;
  /** `reading` the file, then `importing` its rows. */
  phase: 'reading' | 'importing' | null;
  /** Rows read from the file so far. */
  rows: number;
  /** Rows imported (or refused) so far, of `total`. */
  done: number;
  total: number | null;
};

/** What an import job reports as it goes. */
export type ImportReporter = {
  read(rows: number): void;
  importing(total: number): void;
  imported(done: number): void;
};

const IDLE: ImportProgress = { running: false, phase: null, rows: 0, done: 0, total: null };

/**
 * One import per user at a time (a second answers 409 while the first runs), and the progress
 * of each running import. Kept per server node: an import runs where its request arrived.
 */
export class ImportTracker {
  private readonly running = new Map<string, ImportProgress>();

  async run<T>(userId: string, job: (report: ImportReporter) => Promise<T>): Promise<T> {
    if (this.running.has(userId)) throw new AppError(409, 'system.import.busy');
    const state: ImportProgress = { running: true, phase: 'reading', rows: 0, done: 0, total: null };
    this.running.set(userId, state);
    try {
      return await job({
        read: (rows) => {
          state.rows = rows;
        },
        importing: (total) => {
          state.phase = 'importing';
          state.rows = total;
          state.total = total;
        },
        imported: (done) => {
          state.done = done;
        },
      });
    } finally {
      this.running.delete(userId);
    }
  }

  progressOf(userId: string): ImportProgress {
    return { ...(this.running.get(userId) ?? IDLE) };
  }
}
