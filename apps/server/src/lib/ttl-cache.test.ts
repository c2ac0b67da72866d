import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('shares one load between concurrent misses and expires entries', async () => {
    const cache = new TtlCache<string, number>(50);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not cache a failed load, and a late failure does not evict a newer entry', async () => {
    const cache = new TtlCache<string, string>(10_000);
    let fail!: (e: Error) => void;
    const failing = cache.get('k', () => new Promise<string>((_, reject) => (fail = reject)));
    cache.delete('k');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
    fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(await cache.get('k', async () => 'reloaded')).toBe('fresh');
    await expect(cache.get('x', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
  });
});
