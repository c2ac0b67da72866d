import { describe, expect, it } from 'vitest';
import { createStorage, SESSION_TTL_MS } from './storage';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('namespaced storage', () => {
  it('prefixes keys and stores value with an expiry seven days ahead by default', () => {
    const backend = new MemoryStorage();
    const store = createStorage(backend, 'ics__', () => 1_000);
    store.set('Access-Token', 'abc');
    expect(JSON.parse(backend.getItem('ics__Access-Token')!)).toEqual({
      value: 'abc',
      expire: 1_000 + SESSION_TTL_MS,
    });
    expect(SESSION_TTL_MS).toBe(604_800_000);
    expect(store.get('Access-Token')).toBe('abc');
  });

  it('returns null for expired values and removes them', () => {
    const backend = new MemoryStorage();
    let now = 0;
    const store = createStorage(backend, 'ics__', () => now);
    store.set('token', 't', 100);
    now = 99;
    expect(store.get('token')).toBe('t');
    now = 100;
    expect(store.get('token')).toBeNull();
    expect(backend.getItem('ics__token')).toBeNull();
  });

  it('keeps values without expiry forever', () => {
    let now = 0;
    const store = createStorage(new MemoryStorage(), 'ics__', () => now);
    store.set('language', 'en-US', null);
    now = Number.MAX_SAFE_INTEGER;
    expect(store.get('language')).toBe('en-US');
  });

  it('clears only its own namespace', () => {
    const backend = new MemoryStorage();
    backend.setItem('other-app', 'keep');
    const store = createStorage(backend, 'ics__');
    store.set('a', 1);
    store.set('b', { x: 2 });
    store.clear();
    expect(backend.getItem('other-app')).toBe('keep');
    expect(backend.length).toBe(1);
  });

  it('ignores unreadable values', () => {
    const backend = new MemoryStorage();
    backend.setItem('ics__bad', '{not json');
    const store = createStorage(backend, 'ics__');
    expect(store.get('bad')).toBeNull();
    expect(store.get('missing')).toBeNull();
  });

  it('works without a backend', () => {
    const store = createStorage(undefined, 'ics__');
    store.set('k', 'v');
    expect(store.get('k')).toBe('v');
    store.clear();
    expect(store.get('k')).toBeNull();
  });
});
