import type { Language, ListQuery } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import type { ListRules } from '../../http/list-query';
import type { Caller } from '../../http/routes';
import { mapUnique, type UniqueMessages } from '../../http/unique-violation';
import { notFound } from '../../lib/errors';
import { Listeners } from '../../lib/listeners';
import { TtlCache } from '../../lib/ttl-cache';
import type { I18nRepository, Translation, TranslationInput } from './i18n.repository';

/** Translates a key into the language it was made for; unknown keys answer `fallback` or themselves. */
export type Translate = (key: string, fallback?: string) => string;

/**
 * A stored name (of a role, a department, a dictionary) in the language asked for: when it is
 * one of its key's translations — the name as seeded, in either language — the translation;
 * a name someone has since changed stays as written.
 */
export type Localize = <T extends string | null | undefined>(key: string, stored: T) => T | string;

const UNIQUE: UniqueMessages = [['key', 'system.i18n.key_taken']];

/** Translations of menu titles and dictionary texts, editable at run time. */
export class I18nService {
  // A short lifetime so that an edit made through another API node shows up within seconds.
  private readonly cache = new TtlCache<'all', Map<string, Translation>>(5_000);
  private readonly invalidated = new Listeners();

  constructor(
    private readonly repo: I18nRepository,
    private readonly dataRules: ListRules,
  ) {}

  async translator(lang: Language): Promise<Translate> {
    const all = await this.cache.get('all', () => this.repo.all());
    return (key, fallback) => {
      const t = all.get(key);
      if (!t) return fallback ?? key;
      return lang === 'en-US' ? t.en_us : t.zh_cn;
    };
  }

  async localizer(lang: Language): Promise<Localize> {
    const all = await this.cache.get('all', () => this.repo.all());
    return (key, stored) => {
      const t = all.get(key);
      if (!t || stored === null || stored === undefined) return stored;
      if (stored !== t.zh_cn && stored !== t.en_us) return stored;
      return lang === 'en-US' ? t.en_us : t.zh_cn;
    };
  }

  /** Runs `listener` whenever translations change (caches built from them must go too). */
  onInvalidate(listener: () => void): void {
    this.invalidated.add(listener);
  }

  invalidate(): void {
    this.cache.clear();
    void this.invalidated.emit();
  }

  async list(caller: Caller, query: ListQuery) {
    return this.repo.list.pageFor(this.dataRules, caller, query);
  }

  async exportRows(caller: Caller, query: ListQuery) {
    return this.repo.list.rowsFor(this.dataRules, caller, query);
  }

  async add(input: TranslationInput): Promise<void> {
    await mapUnique(() => this.repo.insert(input), UNIQUE);
    this.invalidate();
  }

  /** Changes the translation stored under key `id`, which may take a new key. */
  async edit(id: string, input: TranslationInput): Promise<void> {
    if (!(await mapUnique(() => this.repo.update(id, input), UNIQUE))) throw notFound();
    this.invalidate();
  }

  /**
   * Moves the translations under key prefix `from` to `to` (what they name was recoded), in the
   * caller's transaction; translations already under `to` go.
   */
  moveKeys(tx: Queryable, from: string, to: string): Promise<void> {
    return this.repo.moveKeys(tx, from, to);
  }

  async remove(keys: string[]): Promise<void> {
    await this.repo.delete(keys);
    this.invalidate();
  }
}
