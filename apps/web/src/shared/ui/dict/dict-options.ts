import { type DictCatalogue, type DictOption, dictRoutes, type Language } from '@ics/contract';
import { call } from '../../lib/http';
import { StorageKeys, storage } from '../../lib/storage/storage';

/** An option as the widgets use it; `text` falls back to `title` or `label` (upstream `filterDictText`). */
export type DictItem = { value: string; text: string };

type RawOption = Partial<DictOption> & { label?: string; value?: unknown };

export function toDictItems(options: readonly RawOption[] | null | undefined): DictItem[] {
  return (options ?? []).map((o) => ({
    value: String(o.value ?? ''),
    text: String(o.text ?? o.title ?? o.label ?? o.value ?? ''),
  }));
}

/** Fetches one dictionary; the HTTP client sends the current language, so texts come in it. */
export type DictFetcher = (code: string) => Promise<{ success: boolean; result: RawOption[] | null }>;

/** The dictionaries the login returned and the language their texts are in. */
export type LoginCatalogue = { items: DictCatalogue | null; language: string | null };

const fetchFromServer: DictFetcher = async (code) => {
  const envelope = await call(dictRoutes.getDictItems, { params: { code } });
  return { success: envelope.success, result: envelope.result };
};

const readLoginCatalogue = (): LoginCatalogue => ({
  items: storage.get<DictCatalogue>(StorageKeys.dictionaries),
  language: storage.get<string>(StorageKeys.dictionariesLanguage),
});

const memory = new Map<string, Promise<DictItem[]>>();

/**
 * Options of dictionary `code` with texts in `language`: the dictionaries cached at login
 * first (spec §7) while the console still speaks the login's language, otherwise the server
 * (`/sys/dict/getDictItems/{code}`), remembered per language for the page load.
 */
export function loadDictItems(
  code: string,
  language: Language,
  fetcher: DictFetcher = fetchFromServer,
  readCache: () => LoginCatalogue = readLoginCatalogue,
): Promise<DictItem[]> {
  const catalogue = readCache();
  const cached = catalogue.language === language ? catalogue.items?.[code] : undefined;
  if (cached?.length) return Promise.resolve(toDictItems(cached));
  const key = `${language}\u0000${code}`;
  let pending = memory.get(key);
  if (!pending) {
    pending = fetcher(code).then(
      (answer) => (answer.success ? toDictItems(answer.result) : []),
      () => [],
    );
    memory.set(key, pending);
    // Failures and empty answers are asked again next time.
    void pending.then((items) => {
      if (!items.length) memory.delete(key);
    });
  }
  return pending;
}

/** Forgets the options fetched from the server during this page load (tests start clean with it). */
export function clearDictMemory(): void {
  memory.clear();
}

const listeners = new Set<() => void>();
let generation = 0;

/**
 * After the server's dictionaries changed (a cache refresh, a dictionary or item saved or
 * deleted, a translation edited): forgets the catalogue cached at login and what was fetched
 * since, so every widget asks the server again, and tells the widgets on screen to reload.
 */
export function refreshDictionaries(): void {
  storage.remove(StorageKeys.dictionaries);
  storage.remove(StorageKeys.dictionariesLanguage);
  memory.clear();
  generation += 1;
  for (const listener of listeners) listener();
}

/** Calls `listener` after each `refreshDictionaries`; returns the unsubscribe. */
export function onDictionariesRefreshed(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How many times the dictionaries were refreshed in this page load (a widget's reload key). */
export const dictionariesGeneration = (): number => generation;

/** Texts of a value, or of comma-separated values, in `items` (unknown values stay as they are). */
export function dictText(items: readonly DictItem[], value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return String(value)
    .split(',')
    .map((v) => items.find((i) => i.value === v.trim())?.text ?? v)
    .join(',');
}
