/** Messages between the main thread and the .xlsx reading thread (sheet-worker.ts). */
export type SheetWorkerInput = { bytes: Uint8Array; maxRows: number; maxColumns: number };

/** Why a sheet was not read: too many rows or columns, or no readable .xlsx. */
export type SheetRefusal = 'rows' | 'columns' | 'unreadable';

export type SheetWorkerMessage =
  | { kind: 'progress'; rows: number }
  | { kind: 'refused'; reason: SheetRefusal }
  | { kind: 'done'; rows: { row: number; cells: string[] }[] };
