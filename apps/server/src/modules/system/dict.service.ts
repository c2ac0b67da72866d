import type { DictCatalogue, Language } from '@ics/contract';
import type { Queryable } from '../../db/database';
import { TtlCache } from '../../lib/ttl-cache';
import type { I18nService } from '../i18n';

/** Dictionaries: enabled items of every dictionary, texts in the caller's language. */
export class DictService {
  // Short-lived so that edits made through another API node show up within seconds.
  private readonly cache = new TtlCache<Language, DictCatalogue>(5_000);

  constructor(
    private readonly db: Queryable,
    private readonly i18n: I18nService,
  ) {}

  catalogue(lang: Language): Promise<DictCatalogue> {
    return this.cache.get(lang, () => this.load(lang));
  }

  /** Forgets cached catalogues (after a dictionary or translation change). */
  invalidate(): void {
    this.cache.clear();
  }

  private async load(lang: Language): Promise<DictCatalogue> {
    const rows = await this.db.query<{ dict_code: string; item_text: string; item_value: string }>(
      `select d.dict_code, i.item_text, i.item_value
         from sys_dict_item i join sys_dict d on d.id = i.dict_id
        where i.status = 1 and d.del_flag = 0
        order by d.dict_code, i.sort_order, i.item_value`,
    );
    const t = await this.i18n.translator(lang);
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
