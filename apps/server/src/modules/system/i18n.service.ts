import type { Language } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import { TtlCache } from '../../lib/ttl-cache';

type Translation = { zh_cn: string; en_us: string };

/** Translations of menu titles and dictionary texts, editable at run time. */
export class I18nService {
  // A short lifetime so that an edit made through another API node shows up within seconds.
  private readonly cache = new TtlCache<'all', Map<string, Translation>>(5_000);

  constructor(private readonly db: Queryable) {}

  async translator(lang: Language): Promise<(key: string, fallback?: string) => string> {
    const all = await this.cache.get('all', async () => {
      const rows = await this.db.query<{ key: string } & Translation>(
        'select key, zh_cn, en_us from sys_i18n',
      );
      return new Map(rows.map((r) => [r.key, r]));
    });
    return (key, fallback) => {
      const t = all.get(key);
      if (!t) return fallback ?? key;
      return lang === 'en-US' ? t.en_us : t.zh_cn;
    };
  }

  private readonly listeners: (() => void)[] = [];

  /** Runs `listener` whenever translations change (caches built from them must go too). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  invalidate(): void {
    this.cache.clear();
    for (const listener of this.listeners) listener();
  }
}
