import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDictMemory, dictText, loadDictItems, toDictItems } from './dict-options';

describe('dictionary options', () => {
  beforeEach(() => clearDictMemory());

  it('reads the login cache first and does not ask the server', async () => {
    const fetcher = vi.fn();
    const items = await loadDictItems('priority', fetcher, () => ({
      priority: [{ value: 'H', text: '高', title: '高' }],
    }));
    expect(items).toEqual([{ value: 'H', text: '高' }]);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('asks the server when the cache lacks the code, once per page load', async () => {
    const fetcher = vi.fn(async () => ({ success: true, result: [{ value: '1', label: 'One' }] }));
    const first = await loadDictItems('x', fetcher, () => null);
    const second = await loadDictItems('x', fetcher, () => ({}));
    expect(first).toEqual([{ value: '1', text: 'One' }]);
    expect(second).toEqual(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('gives no options when the server says no, and asks again later', async () => {
    const fetcher = vi.fn(async () => ({ success: false, result: null }));
    expect(await loadDictItems('y', fetcher, () => null)).toEqual([]);
    await loadDictItems('y', fetcher, () => null);
    expect(fetcher).toHaveBeenCalledTimes(2);
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
