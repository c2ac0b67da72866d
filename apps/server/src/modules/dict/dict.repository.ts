import type { DictItemRecord, DictRecord, dictAddSchema, dictItemAddSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { ListReader, type ListResource, recordList, timeColumn } from '../../http/list-query';

export const DICT_RESOURCE = recordList('sys_dict d', {
  ruleMenu: '/system/dict',
  softDelete: true,
  columns: {
    dictName: { column: 'd.dict_name', filter: 'text', sortable: true, title: ['字典名称', 'Name'] },
    dictCode: { column: 'd.dict_code', filter: 'text', sortable: true, title: ['字典编码', 'Code'] },
    description: { column: 'd.description', filter: 'text', title: ['描述', 'Description'] },
  },
});

const DICT_ITEM_RESOURCE: ListResource = {
  from: 'sys_dict_item i',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  tiebreak: 'i.item_value',
  columns: {
    id: { column: 'i.id' },
    dictId: { column: 'i.dict_id', filter: 'text' },
    itemText: { column: 'i.item_text', filter: 'text', sortable: true },
    itemValue: { column: 'i.item_value', filter: 'text', sortable: true },
    description: { column: 'i.description', filter: 'text' },
    sortOrder: { column: 'i.sort_order', filter: 'number', sortable: true },
    status: { column: 'i.status', filter: 'number', sortable: true, dict: 'valid_status' },
    createTime: timeColumn('i.create_time'),
  },
};

export type DictInput = z.output<typeof dictAddSchema>;
export type DictItemInput = z.output<typeof dictItemAddSchema>;

/** A table whose rows serve as a dictionary: its name, the columns allowed and the rows offered. */
export type TableSource = { table: string; columns: readonly string[]; where: string };

/** sys_dict and sys_dict_item: dictionaries and their items. */
export class DictRepository {
  /** The dictionary list: its pages and export rows. */
  readonly list: ListReader<DictRecord>;
  /** The items of dictionaries. */
  readonly items: ListReader<DictItemRecord>;

  constructor(private readonly db: Queryable) {
    this.list = new ListReader(db, DICT_RESOURCE);
    this.items = new ListReader(db, DICT_ITEM_RESOURCE);
  }

  /** Enabled items of every live dictionary, in display order. */
  enabledItems() {
    return this.db.query<{ dict_code: string; item_text: string; item_value: string }>(
      `select d.dict_code, i.item_text, i.item_value
         from sys_dict_item i join sys_dict d on d.id = i.dict_id
        where i.status = 1 and d.del_flag = 0
        order by d.dict_code, i.sort_order, i.item_value`,
    );
  }

  /**
   * Up to 1000 rows of a registered table as options. `text` and `value` are columns the
   * source allows (checked by the caller), so they can be written into the SQL.
   */
  tableOptions(source: TableSource, text: string, value: string) {
    return this.db.query<{ value: string; text: string }>(
      `select ${value}::text as value, ${text}::text as text from ${source.table} where ${source.where}
        order by 2 limit 1000`,
    );
  }

  /** Whether item value `value` is held in dictionary `dictId` by an item other than `exceptId`. */
  async itemValueTaken(dictId: string, value: string, exceptId: string): Promise<boolean> {
    const rows = await this.db.query(
      'select 1 from sys_dict_item where dict_id = $1 and item_value = $2 and id <> $3 limit 1',
      [dictId, value, exceptId],
    );
    return rows.length > 0;
  }

  /**
   * The rows of a registered table whose `parent` column is `parentId` (null: the roots, whose
   * parent is empty), with whether each has children. Columns are ones the source allows
   * (checked by the caller), so they can be written into the SQL.
   */
  treeLevel(source: TableSource, text: string, code: string, parent: string, parentId: string | null) {
    const parentIs =
      parentId === null ? `coalesce(t.${parent}::text, '') in ('', '0')` : `t.${parent}::text = $1`;
    return this.db.query<{ key: string; title: string; parent_id: string | null; has_child: boolean }>(
      `with src as (select * from ${source.table} where ${source.where})
       select t.${code}::text as key, t.${text}::text as title, t.${parent}::text as parent_id,
              exists (select 1 from src c where c.${parent}::text = t.${code}::text) as has_child
         from src t where ${parentIs}
        order by 2 limit 1000`,
      parentId === null ? [] : [parentId],
    );
  }

  async insert(d: DictInput): Promise<string> {
    // A deleted dictionary's code may be reused: the old row goes for good.
    await this.db.query('delete from sys_dict where dict_code = $1 and del_flag = 1', [d.dictCode]);
    const [row] = await this.db.query<{ id: string }>(
      'insert into sys_dict (dict_name, dict_code, description) values ($1, $2, $3) returning id',
      [d.dictName, d.dictCode, d.description],
    );
    return row!.id;
  }

  async update(id: string, d: DictInput): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_dict set dict_name = $2, dict_code = $3, description = $4, update_time = now()
        where id = $1 and del_flag = 0 returning id`,
      [id, d.dictName, d.dictCode, d.description],
    );
    return rows.length > 0;
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.query('delete from sys_dict where id = any($1::text[])', [ids]);
  }

  /** The codes of some dictionaries, by id. */
  async codesOf(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ id: string; dict_code: string }>(
      'select id, dict_code from sys_dict where id = any($1::text[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.dict_code]));
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.query('select 1 from sys_dict where id = $1 and del_flag = 0', [id]);
    return Boolean(row);
  }

  async insertItem(i: DictItemInput): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into sys_dict_item (dict_id, item_text, item_value, description, sort_order, status)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [i.dictId, i.itemText, i.itemValue, i.description, i.sortOrder, i.status],
    );
    return row!.id;
  }

  async updateItem(id: string, i: DictItemInput): Promise<boolean> {
    const rows = await this.db.query(
      `update sys_dict_item set item_text = $2, item_value = $3, description = $4, sort_order = $5, status = $6,
              update_time = now() where id = $1 returning id`,
      [id, i.itemText, i.itemValue, i.description, i.sortOrder, i.status],
    );
    return rows.length > 0;
  }

  async deleteItems(ids: string[]): Promise<void> {
    await this.db.query('delete from sys_dict_item where id = any($1::text[])', [ids]);
  }
}
