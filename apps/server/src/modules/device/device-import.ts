import type { ImportResult, Language } from '@ics/contract/server';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../lib/errors';
import { type MessageKey, translate } from '../../lib/messages';

export type SheetRow = { row: number; values: Record<string, string> };

/**
 * Reads the first sheet of an .xlsx: the first row names the columns (matched case-insensitively
 * against `aliases`, Chinese headers included), every further non-empty row is one record.
 */
export async function readSheet(
  base64: string,
  aliases: Record<string, readonly string[]>,
): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw badRequest('device.import_bad_file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('device.import_bad_file');
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = String(cell.text ?? '')
      .trim()
      .toLowerCase();
    for (const [field, names] of Object.entries(aliases))
      if (names.some((n) => n.toLowerCase() === header)) columns.set(col, field);
  });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, col) => {
      const field = columns.get(col);
      if (field) values[field] = String(cell.text ?? '').trim();
    });
    if (Object.values(values).some(Boolean)) rows.push({ row: index, values });
  });
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
): Promise<ImportResult> {
  const result: ImportResult = { total: rows.length, imported: 0, errors: [] };
  for (const { row, values } of rows) {
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
