import type { ImportResult, Language } from '@ics/contract/server';
import { readSheetRows, type SheetRowCells } from '../../http/sheet-import';
import { AppError, badRequest } from '../../lib/errors';
import { type MessageKey, translate } from '../../lib/messages';

export type SheetRow = { row: number; values: Record<string, string> };

/**
 * Reads the first sheet of an .xlsx (off the main thread, within the import limits): the first
 * row names the columns (matched case-insensitively against `aliases`, Chinese headers included),
 * every further non-empty row is one record. `onRows` hears how many rows have been read.
 */
export async function readSheet(
  base64: string,
  aliases: Record<string, readonly string[]>,
  onRows?: (rows: number) => void,
): Promise<SheetRow[]> {
  let sheet: SheetRowCells[];
  try {
    sheet = await readSheetRows(base64, onRows);
  } catch (error) {
    if (error instanceof AppError && error.key === 'system.import.bad_file')
      throw badRequest('device.import_bad_file');
    throw error;
  }
  const header = sheet[0]?.row === 1 ? sheet[0] : undefined;
  const columns = new Map<number, string>();
  header?.cells.forEach((text, col) => {
    const name = text.trim().toLowerCase();
    for (const [field, names] of Object.entries(aliases))
      if (names.some((n) => n.toLowerCase() === name)) columns.set(col, field);
  });
  const rows: SheetRow[] = [];
  for (const { row, cells } of sheet) {
    if (row === 1) continue;
    const values: Record<string, string> = {};
    cells.forEach((text, col) => {
      const field = columns.get(col);
      if (field) values[field] = text.trim();
    });
    if (Object.values(values).some(Boolean)) rows.push({ row, values });
  }
  return rows;
}

/** A problem with one row, naming the column at fault (it becomes `errors[].column`). */
export class RowError extends AppError {
  constructor(
    key: MessageKey,
    readonly column: string,
    vars: Record<string, string | number> = {},
  ) {
    super(400, key, { field: column, ...vars });
  }
}

export const missing = (column: string) => new RowError('device.import_row_missing', column);
export const invalid = (column: string) => new RowError('device.import_row_invalid', column);

/**
 * Runs `each` per row, collecting per-row errors instead of failing the whole import: rows that
 * pass are added, the others are reported with their sheet row number, column and reason.
 */
export async function importRows(
  rows: SheetRow[],
  lang: Language,
  each: (values: Record<string, string>) => Promise<void>,
  onDone: (done: number) => void = () => {},
): Promise<ImportResult> {
  const result: ImportResult = { total: rows.length, imported: 0, errors: [] };
  for (const [index, { row, values }] of rows.entries()) {
    onDone(index);
    try {
      await each(values);
      result.imported++;
    } catch (error) {
      const e = error as { key?: MessageKey; vars?: Record<string, string | number>; message: string };
      result.errors.push({
        row,
        ...(error instanceof RowError ? { column: error.column } : {}),
        message: e.key ? translate(lang, e.key, e.vars) : e.message,
      });
    }
  }
  return result;
}
