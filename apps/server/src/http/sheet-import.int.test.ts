import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../test/harness';
import { zipDirectory } from './zip-directory';

/** A zip archive of `files`, deflated, written the way spreadsheet programs write .xlsx files. */
function zip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, packed);
    directory.push(entry, nameBytes);
    offset += header.length + nameBytes.length + packed.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** An .xlsx whose one sheet holds `rows` rows of `columns` numbers: small packed, large unpacked. */
function sheetBomb(rows: number, columns = 1, padding = 0): string {
  const letters = (c: number) =>
    (c < 26 ? '' : String.fromCharCode(64 + Math.floor(c / 26))) + String.fromCharCode(65 + (c % 26));
  const xml: string[] = [];
  for (let r = 1; r <= rows; r++) {
    let cells = '';
    for (let c = 0; c < columns; c++) cells += `<c r="${letters(c)}${r}"><v>7</v></c>`;
    xml.push(`<row r="${r}">${cells}</row>`);
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${xml.join('')}</sheetData></worksheet>${' '.repeat(padding)}`;
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheet,
  }).toString('base64');
}

describeWithApp('xlsx import limits', (ctx) => {
  let admin: string;
  let projectId: string;
  const importPoles = (file: string, token = admin) =>
    ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/importExcel',
      headers: { ...auth(token), 'accept-language': 'en-US' },
      payload: { projectId, file },
    });

  beforeAll(async () => {
    admin = await ctx().login();
    const [p] = await ctx().db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Import', 'PIMP') returning id`,
    );
    projectId = p!.id;
  });

  it('refuses an archive that unpacks beyond the limit from its directory, without inflating it', async () => {
    // 48 MB of XML (blanks after the sheet) in well under 1 MB of file.
    const file = sheetBomb(10, 1, 48 * 1024 * 1024);
    expect(zipDirectory(Buffer.from(file, 'base64'))!.uncompressed).toBeGreaterThan(40 * 1024 * 1024);
    const started = performance.now();
    const res = await importPoles(file);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'system.import.too_large',
      message: 'The Excel file is too large once unpacked (at most 40 MB)',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('reads a sheet of too many rows off the main thread: others are answered within 100 ms meanwhile', async () => {
    const file = sheetBomb(150_000); // about 6 MB of XML, under the size limit: the row limit stops it
    const pending = importPoles(file);
    // While it runs, the same user cannot start another, and sees its progress.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await importPoles(file);
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('system.import.busy');
    const progress = await ctx().request({
      method: 'GET',
      url: '/ics/lighting/import/progress',
      headers: auth(admin),
    });
    expect(progress.body.result).toMatchObject({ running: true, phase: 'reading' });

    let done = false;
    void pending.then(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await ctx().request({
        method: 'GET',
        url: '/ics/sys/user/getCurrentUserDeparts',
        headers: auth(admin),
      });
      expect(res.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await pending;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'system.import.too_many_rows',
      message: 'The Excel file has too many rows (at most 10000)',
    });
    // Parsed on the main thread, each request here would wait out the whole parse (seconds). The
    // median, not the maximum: the test machine's cores are shared and a single answer may wait.
    latencies.sort((a, b) => a - b);
    expect(latencies.length).toBeGreaterThan(3);
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(100);
    const after = await ctx().request({
      method: 'GET',
      url: '/ics/lighting/import/progress',
      headers: auth(admin),
    });
    expect(after.body.result).toMatchObject({ running: false });
  }, 60_000);

  it('refuses a sheet wider than the column limit', async () => {
    const res = await importPoles(sheetBomb(3, 60));
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('system.import.too_many_columns');
  });

  it('still imports a sheet within the limits, written by a spreadsheet library', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Poles');
    sheet.addRow(['code', 'name', 'longitude', 'latitude']);
    for (let i = 0; i < 50; i++) sheet.addRow([`IMP-${i}`, `Imported ${i}`, 117.1, 34.1]);
    const res = await importPoles(Buffer.from(await wb.xlsx.writeBuffer()).toString('base64'));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: 50, imported: 50, errors: [] });
  }, 60_000);
});
