import { type DictCatalogue, type DictOption, dictRoutes } from '@ics/contract';
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

export type DictFetcher = (code: string) => Promise<{ success: boolean; result: RawOption[] | null }>;

const fetchFromServer: DictFetcher = async (code) => {
  const envelope = await call(dictRoutes.getDictItems, { params: { code } });
  return { success: envelope.success, result: envelope.result };
};

const memory = new Map<string, Promise<DictItem[]>>();

/**
 * Options of dictionary `code`: the dictionaries cached at login first (spec §7), then the
 * server (`/sys/dict/getDictItems/{code}`, success and a result list), remembered per page load.
 */
export function loadDictItems(
  code: string,
  fetcher: DictFetcher = fetchFromServer,
  readCache: () => DictCatalogue | null = () => storage.get<DictCatalogue>(StorageKeys.dictionaries),
): Promise<DictItem[]> {
  const cached = readCache()?.[code];
  if (cached?.length) return Promise.resolve(toDictItems(cached));
  let pending = memory.get(code);
  if (!pending) {
    pending = fetcher(code).then(
      (answer) => (answer.success ? toDictItems(answer.result) : []),
      () => [],
    );
    memory.set(code, pending);
    // Failures and empty answers are asked again next time.
    void pending.then((items) => {
      if (!items.length) memory.delete(code);
    });
  }
  return pending;
}

/** Forgets the options fetched from the server (for tests and after dictionary edits). */
export function clearDictMemory(): void {
  memory.clear();
}

/** Texts of a value, or of comma-separated values, in `items` (unknown values stay as they are). */
export function dictText(items: readonly DictItem[], value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return String(value)
    .split(',')
    .map((v) => items.find((i) => i.value === v.trim())?.text ?? v)
    .join(',');
}
