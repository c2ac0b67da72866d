import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Language } from '@ics/contract/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../lib/messages';
import { XLSX_TYPE } from './list-query';
import { requestTimeZone } from './request-context';

/** A column of an exported sheet: its title in each language and the cell of a row. */
export type XlsxColumn<T> = {
  title: readonly [zh: string, en: string];
  width?: number;
  value(row: T): string | number | null | undefined;
};

/** Rows of an export page by page (1-based); a page shorter than `size` is the last. */
export type PageSource<T> = (pageNo: number, size: number) => Promise<T[]>;

/** Rows read per page: large enough to keep queries few, small enough to hold in memory. */
export const EXPORT_PAGE_SIZE = 1000;

/** The header of a download named `filename` (ASCII fallback and UTF-8 name). */
function disposition(filename: string): string {
  const name = `${filename}.xlsx`;
  return `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Answers an .xlsx download written as it is read: rows come page by page from `pages` and
 * each row is committed to the sheet (exceljs' streaming writer) and sent on, so a list of
 * 100,000 lamps is never held whole in memory. The first page is read before anything is
 * sent, so that a bad request still answers the error envelope; a failure later cuts the
 * download (the file is then incomplete and does not open). Returns the reply for the
 * route handler to return.
 */
export async function replyXlsxStream<T>(
  reply: FastifyReply,
  lang: Language,
  columns: ReadonlyArray<XlsxColumn<T>>,
  pages: PageSource<T>,
  filename: Record<Language, string>,
): Promise<FastifyReply> {
  const first = await pages(1, EXPORT_PAGE_SIZE);
  // Loaded on the first export, not at start (see list-query.ts's toXlsx).
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(translate(lang, 'system.export.sheet'));
  sheet.columns = columns.map((c, i) => ({
    header: lang === 'en-US' ? c.title[1] : c.title[0],
    key: `c${i}`,
    width: c.width ?? 18,
  }));
  sheet.getRow(1).font = { bold: true };
  const write = (rows: T[]) => {
    for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? '')).commit();
  };
  const rest = async () => {
    write(first);
    let page = first;
    for (let pageNo = 2; page.length === EXPORT_PAGE_SIZE; pageNo++) {
      // Wait while the client is slower than the database, so rows do not pile up here.
      if (stream.writableNeedDrain) await once(stream, 'drain');
      page = await pages(pageNo, EXPORT_PAGE_SIZE);
      write(page);
    }
    sheet.commit();
    await workbook.commit();
  };
  reply.header('content-type', XLSX_TYPE).header('content-disposition', disposition(filename[lang]));
  void rest().catch((err: unknown) => {
    reply.log.error({ err }, 'export failed while streaming');
    stream.destroy(err as Error);
  });
  return reply.send(stream);
}

/** What a list export's handler reads of its request. */
type ListExportContext<Q> = {
  caller: { userId: string } | null;
  query: Q;
  lang: Language;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * The handler of a list's export route: the list read with the request's filters, page by page,
 * into the sheet of `columns` (titled for the caller's language and times in their zone).
 */
export function listExport<Q extends object, T>(
  columns: (lang: Language, timeZone: string) => ReadonlyArray<XlsxColumn<T>>,
  list: (
    userId: string,
    query: Q & { pageNo: number; pageSize: number },
    lang: Language,
  ) => Promise<{ records: T[] }>,
  filename: Record<Language, string>,
) {
  return ({ caller, query, lang, request, reply }: ListExportContext<Q>): Promise<FastifyReply> =>
    replyXlsxStream(
      reply,
      lang,
      columns(lang, requestTimeZone(request)),
      async (pageNo, pageSize) => (await list(caller!.userId, { ...query, pageNo, pageSize }, lang)).records,
      filename,
    );
}
