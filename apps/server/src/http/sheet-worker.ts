// The thread that reads an uploaded .xlsx: inflating and parsing a sheet of many rows takes
// seconds of CPU, which on the main thread stopped every HTTP answer and MQTT reading meanwhile.
// It streams the first sheet row by row, stops at the row and column limits, and reports progress.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { SheetWorkerInput, SheetWorkerMessage } from './sheet-protocol';

const port = parentPort!;
const input = workerData as SheetWorkerInput;
const post = (message: SheetWorkerMessage) => port.postMessage(message);

async function read(): Promise<SheetWorkerMessage> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(input.bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: { row: number; cells: string[] }[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number > input.maxRows + 1) return { kind: 'refused', reason: 'rows' };
      const cells: string[] = [];
      let tooWide = false;
      row.eachCell((cell, col) => {
        if (col > input.maxColumns) tooWide = true;
        else cells[col - 1] = String(cell.text ?? '');
      });
      if (tooWide) return { kind: 'refused', reason: 'columns' };
      rows.push({ row: row.number, cells: Array.from(cells, (c) => c ?? '') });
      if (rows.length % 500 === 0) post({ kind: 'progress', rows: rows.length });
    }
    break; // the first sheet only
  }
  return { kind: 'done', rows };
}

read().then(post, () => post({ kind: 'refused', reason: 'unreadable' }));
