import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys, storage } from '../../lib/storage/storage';
import {
  clearDictMemory,
  dictText,
  loadDictItems,
  onDictionariesRefreshed,
  refreshDictionaries,
  toDictItems,
} from './dict-options';

const loginCatalogue = (language: string | null) => () => ({
  items: { priority: [{ value: 'H', text: '高', title: '高' }] },
  language,
});
const empty = () => ({ items: null, language: null });

describe('dictionary options', () => {
  beforeEach(() => clearDictMemory());

  it('reads the login cache first and does not ask the server', async () => {
    const fetcher = vi.fn();
    const items = await loadDictItems('priority', 'zh-CN', fetcher, loginCatalogue('zh-CN'));
    expect(items).toEqual([{ value: 'H', text: '高' }]);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('asks the server for texts in the new language after a language switch', async () => {
    const fetcher = vi.fn(async () => ({ success: true, result: [{ value: 'H', text: 'High' }] }));
    const items = await loadDictItems('priority', 'en-US', fetcher, loginCatalogue('zh-CN'));
    expect(items).toEqual([{ value: 'H', text: 'High' }]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the cache lacks the code, once per language and page load', async () => {
    const fetcher = vi.fn(async () => ({ success: true, result: [{ value: '1', label: 'One' }] }));
    const first = await loadDictItems('x', 'en-US', fetcher, empty);
    const second = await loadDictItems('x', 'en-US', fetcher, empty);
    expect(first).toEqual([{ value: '1', text: 'One' }]);
    expect(second).toEqual(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await loadDictItems('x', 'zh-CN', fetcher, empty);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('gives no options when the server says no, and asks again later', async () => {
    const fetcher = vi.fn(async () => ({ success: false, result: null }));
    expect(await loadDictItems('y', 'zh-CN', fetcher, empty)).toEqual([]);
    await loadDictItems('y', 'zh-CN', fetcher, empty);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('after a refresh, server items win over the login catalogue and widgets are told to reload', async () => {
    // What the login stored (the default reader of the cache).
    storage.set(StorageKeys.dictionaries, { priority: [{ value: 'H', text: '高', title: '高' }] });
    storage.set(StorageKeys.dictionariesLanguage, 'zh-CN');
    const fetcher = vi.fn(async () => ({
      success: true,
      result: [
        { value: 'H', text: '紧急', title: '紧急' },
        { value: 'L', text: '低', title: '低' },
      ],
    }));
    expect(await loadDictItems('priority', 'zh-CN', fetcher)).toEqual([{ value: 'H', text: '高' }]);
    expect(fetcher).not.toHaveBeenCalled();
    // Items fetched during the page load are remembered as well, until the refresh.
    expect(await loadDictItems('sex', 'zh-CN', fetcher)).toHaveLength(2);
    expect(fetcher).toHaveBeenCalledTimes(1);

    const reload = vi.fn();
    const unsubscribe = onDictionariesRefreshed(reload);
    refreshDictionaries();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.get(StorageKeys.dictionaries)).toBeNull();
    expect(await loadDictItems('priority', 'zh-CN', fetcher)).toEqual([
      { value: 'H', text: '紧急' },
      { value: 'L', text: '低' },
    ]);
    await loadDictItems('sex', 'zh-CN', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(3);
    unsubscribe();
    refreshDictionaries();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('maps values to texts, comma-separated values too', () => {
    const items = toDictItems([
      { value: '1', text: 'A' },
      { value: '2', title: 'B' },
    ]);
    expect(dictText(items, '1')).toBe('A');
    expect(dictText(items, '1,2,3')).toBe('A,B,3');
    expect(dictText(items, null)).toBe('');
  });
});
