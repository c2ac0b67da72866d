import type { I18nRecord } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import { ListReader, type ListResource, timeColumn } from '../../http/list-query';

export type Translation = { zh_cn: string; en_us: string };

export const I18N_RESOURCE: ListResource = {
  from: 'sys_i18n t',
  ruleMenu: '/system/i18n',
  defaultSort: { field: 'key', order: 'asc' },
  columns: {
    id: { column: 't.key' },
    key: { column: 't.key', filter: 'text', sortable: true, title: ['翻译键', 'Key'] },
    zhCn: { column: 't.zh_cn', filter: 'text', sortable: true, title: ['中文', 'Chinese'] },
    enUs: { column: 't.en_us', filter: 'text', sortable: true, title: ['英文', 'English'] },
    updateTime: timeColumn('t.update_time'),
  },
};

export type TranslationInput = { key: string; zhCn: string; enUs: string };

/** sys_i18n: one row per translation key. */
export class I18nRepository {
  /** The translation list: its pages and export rows. */
  readonly list: ListReader<I18nRecord>;

  constructor(private readonly db: Queryable) {
    this.list = new ListReader(db, I18N_RESOURCE);
  }

  async all(): Promise<Map<string, Translation>> {
    const rows = await this.db.query<{ key: string } & Translation>('select key, zh_cn, en_us from sys_i18n');
    return new Map(rows.map((r) => [r.key, r]));
  }

  async insert(t: TranslationInput): Promise<void> {
    await this.db.query('insert into sys_i18n (key, zh_cn, en_us) values ($1, $2, $3)', [
      t.key,
      t.zhCn,
      t.enUs,
    ]);
  }

  /** Rewrites the row of key `id` (its key too); false when there is none. */
  async update(id: string, t: TranslationInput): Promise<boolean> {
    const rows = await this.db.query(
      'update sys_i18n set key = $2, zh_cn = $3, en_us = $4, update_time = now() where key = $1 returning key',
      [id, t.key, t.zhCn, t.enUs],
    );
    return rows.length > 0;
  }

  /** Moves translations under key prefix `from` to `to`, dropping any already under `to`. */
  async moveKeys(tx: Queryable, from: string, to: string): Promise<void> {
    await tx.query('delete from sys_i18n where starts_with(key, $1)', [to]);
    await tx.query(
      `update sys_i18n set key = $2 || substr(key, length($1) + 1), update_time = now()
        where starts_with(key, $1)`,
      [from, to],
    );
  }

  async delete(keys: string[]): Promise<void> {
    await this.db.query('delete from sys_i18n where key = any($1::text[])', [keys]);
  }
}
