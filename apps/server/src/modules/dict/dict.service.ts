import type { DictCatalogue, DictOption, DictTreeNode, Language, ListQuery } from '@ics/contract/server';
import type { ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { AppError, Declined, notFound } from '../../lib/errors';
import { Listeners } from '../../lib/listeners';
import { TtlCache } from '../../lib/ttl-cache';
import type { I18nService } from '../i18n';
import type { DictInput, DictItemInput, DictRepository, TableSource } from './dict.repository';

/**
 * A table whose rows may serve as a dictionary (`table,text,code`), registered by the module
 * owning it: the columns allowed, the rows offered, and the mark reading them needs (that of
 * the table's own list, so that a dictionary is no way around the list's permission).
 */
export type TableDictionary = { columns: readonly string[]; where: string; mark: string };

/** A `table,text,code` request checked against the registered tables. */
export type TableDictionaryRequest = { source: TableSource; text: string; value: string; mark: string };

const DICT_UNIQUE: UniqueMessages = [['dict_code', 'system.dict.code_taken']];
const ITEM_UNIQUE: UniqueMessages = [['item_value', 'system.dict_item.value_taken']];

/** Dictionaries: enabled items of every dictionary, texts in the caller's language. */
export class DictService {
  // Short-lived so that edits made through another API node show up within seconds.
  private readonly cache = new TtlCache<Language, DictCatalogue>(5_000);
  private readonly tables = new Map<string, TableDictionary>();
  private readonly refreshed = new Listeners();

  constructor(
    private readonly repo: DictRepository,
    private readonly i18n: I18nService,
    private readonly dataRules: ListRules,
  ) {
    // Item texts are translated: a translation change changes the catalogue.
    i18n.onInvalidate(() => this.invalidate());
  }

  catalogue(lang: Language): Promise<DictCatalogue> {
    return this.cache.get(lang, () => this.load(lang));
  }

  /** Forgets cached catalogues (after a dictionary or translation change). */
  invalidate(): void {
    this.cache.clear();
  }

  /** Calls `listener` when an administrator asks every server cache to be rebuilt. */
  onRefresh(listener: () => void): void {
    this.refreshed.add(listener);
  }

  async refreshAll(): Promise<void> {
    this.invalidate();
    this.i18n.invalidate();
    await this.refreshed.emit();
  }

  /** Lets the rows of `table` serve as a dictionary. */
  registerTable(table: string, dictionary: TableDictionary): void {
    this.tables.set(table, dictionary);
  }

  /** Reads `table,text,code`; refuses tables and columns not registered. */
  tableRequest(code: string): TableDictionaryRequest {
    const [table, text, value] = code.split(',').map((s) => s.trim());
    const dictionary = table ? this.tables.get(table) : undefined;
    if (
      !dictionary ||
      !text ||
      !value ||
      !dictionary.columns.includes(text) ||
      !dictionary.columns.includes(value)
    )
      throw new AppError(400, 'system.dict.table_not_allowed', { table: (table ?? '').slice(0, 64) });
    return { source: { table: table!, ...dictionary }, text, value, mark: dictionary.mark };
  }

  async tableOptions(request: TableDictionaryRequest): Promise<DictOption[]> {
    const rows = await this.repo.tableOptions(request.source, request.text, request.value);
    return rows.map((r) => ({ value: r.value, text: r.text, title: r.text }));
  }

  /** Options of dictionary `code` (or of a `table,text,code` request) whose text contains `keyword`. */
  filterOptions(options: DictOption[], keyword: string | undefined, limit = 1000): DictOption[] {
    const wanted = (keyword ?? '').trim().toLowerCase();
    const found = wanted ? options.filter((o) => o.text.toLowerCase().includes(wanted)) : options;
    return found.slice(0, limit);
  }

  /** Reads a tree request (`tableName`, `text`, `code`, `pidField`); refuses tables and columns not registered. */
  treeRequest(table: string, text: string, code: string, parent: string) {
    const request = this.tableRequest(`${table},${text},${code}`);
    if (!request.source.columns.includes(parent))
      throw new AppError(400, 'system.dict.table_not_allowed', { table: table.slice(0, 64) });
    return { ...request, parent };
  }

  /** One level of a tree of a registered table: the children of `parentId` (none, '' or '0': the roots). */
  async treeLevel(request: TableDictionaryRequest & { parent: string }, parentId: string | undefined) {
    const pid = parentId && parentId !== '0' ? parentId : null;
    const rows = await this.repo.treeLevel(request.source, request.text, request.value, request.parent, pid);
    return rows.map(
      (r): DictTreeNode => ({
        key: r.key,
        title: r.title,
        value: r.key,
        code: r.key,
        parentId: r.parent_id,
        isLeaf: !r.has_child,
        leaf: !r.has_child,
      }),
    );
  }

  /** Declines (HTTP 200, success false) an item value another item of the dictionary holds. */
  async assertItemValueFree(dictId: string, value: string, exceptId: string): Promise<void> {
    if (await this.repo.itemValueTaken(dictId, value, exceptId))
      throw new Declined('system.dict_item.value_not_free');
  }

  /** Dictionaries named in `lang` (key `dict.<code>`). */
  private async localized<R extends { dictCode?: unknown; dictName?: unknown }>(lang: Language, rows: R[]) {
    const local = await this.i18n.localizer(lang);
    return rows.map((r) => ({
      ...r,
      dictName: local(`dict.${String(r.dictCode)}`, r.dictName as string | null),
    }));
  }

  async list(caller: Caller, query: ListQuery, lang: Language) {
    const page = await this.repo.list.pageFor(this.dataRules, caller, query);
    return { ...page, records: await this.localized(lang, page.records) };
  }

  async exportRows(caller: Caller, query: ListQuery, lang: Language) {
    return this.localized(lang, await this.repo.list.rowsFor(this.dataRules, caller, query));
  }

  async add(input: DictInput): Promise<string> {
    const id = await mapUnique(() => this.repo.insert(input), DICT_UNIQUE);
    this.invalidate();
    return id;
  }

  async edit(id: string, input: DictInput): Promise<void> {
    if (!(await mapUnique(() => this.repo.update(id, input), DICT_UNIQUE))) throw notFound();
    this.invalidate();
  }

  async remove(ids: string[]): Promise<void> {
    await this.repo.delete(ids);
    this.invalidate();
  }

  /** A dictionary's items, their texts in `lang` (key `dict.<code>.<value>`). */
  async itemList(query: ListQuery, lang: Language) {
    const page = await this.repo.items.page(query, { extraWhere: () => [] });
    const codes = await this.repo.codesOf([...new Set(page.records.map((r) => String(r.dictId)))]);
    const local = await this.i18n.localizer(lang);
    return {
      ...page,
      records: page.records.map((r) => ({
        ...r,
        itemText: local(`dict.${codes.get(String(r.dictId))}.${String(r.itemValue)}`, r.itemText as string),
      })),
    };
  }

  async addItem(input: DictItemInput): Promise<string> {
    if (!(await this.repo.exists(input.dictId))) throw notFound();
    const id = await mapUnique(() => this.repo.insertItem(input), ITEM_UNIQUE);
    this.invalidate();
    return id;
  }

  async editItem(id: string, input: DictItemInput): Promise<void> {
    if (!(await mapUnique(() => this.repo.updateItem(id, input), ITEM_UNIQUE))) throw notFound();
    this.invalidate();
  }

  async removeItems(ids: string[]): Promise<void> {
    await this.repo.deleteItems(ids);
    this.invalidate();
  }

  private async load(lang: Language): Promise<DictCatalogue> {
    const [rows, t] = await Promise.all([this.repo.enabledItems(), this.i18n.translator(lang)]);
    const catalogue: DictCatalogue = {};
    for (const row of rows) {
      const text = t(`dict.${row.dict_code}.${row.item_value}`, row.item_text);
      const items = catalogue[row.dict_code] ?? [];
      items.push({ value: row.item_value, text, title: text });
      catalogue[row.dict_code] = items;
    }
    return catalogue;
  }
}
