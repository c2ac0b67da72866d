/**
 * Namespaced local storage with an expiry per value (the shape the upstream console's
 * `Vue.ls` wrote: `{"value": ..., "expire": <epoch ms> | null}`), so that stale sessions
 * disappear on their own and keys of other apps on the same origin are never touched.
 */
export const STORAGE_PREFIX = 'ics__';

/** Session values (token, user info, dictionaries) live seven days (spec §9). */
export const SESSION_TTL_MS = 604_800_000;

/** Keys of the values the console keeps; names follow the upstream console. */
export const StorageKeys = {
  token: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  departs: 'Login_Departs',
  dictionaries: 'UI_CACHE_DB_DICT_DATA',
  /** The language the login's dictionary texts are in. */
  dictionariesLanguage: 'UI_CACHE_DB_DICT_LANG',
  userAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysAuth: 'SYS_BUTTON_AUTH',
  rememberMe: 'Remember_Me',
  language: 'language',
  preferences: 'preferences',
} as const;

type Entry<T> = { value: T; expire: number | null };

export type NamespacedStorage = {
  /** Stores `value`; `ttlMs` null keeps it until removed. */
  set<T>(key: string, value: T, ttlMs?: number | null): void;
  /** The value, or null when absent, expired (then it is removed) or unreadable. */
  get<T>(key: string): T | null;
  remove(key: string): void;
  /** Removes every key of this namespace and nothing else. */
  clear(): void;
};

export function createStorage(
  backend: Storage | undefined,
  prefix: string = STORAGE_PREFIX,
  now: () => number = Date.now,
): NamespacedStorage {
  const memory = new Map<string, string>();
  // Falls back to memory when storage is missing or blocked (private mode, tests, SSR).
  const read = (k: string): string | null => {
    try {
      return backend ? backend.getItem(k) : (memory.get(k) ?? null);
    } catch {
      return memory.get(k) ?? null;
    }
  };
  const write = (k: string, v: string) => {
    try {
      if (backend) backend.setItem(k, v);
      else memory.set(k, v);
    } catch {
      memory.set(k, v);
    }
  };
  const drop = (k: string) => {
    memory.delete(k);
    try {
      backend?.removeItem(k);
    } catch {
      // blocked storage: the memory copy is gone, which is all we can do
    }
  };

  return {
    set(key, value, ttlMs = SESSION_TTL_MS) {
      const entry: Entry<unknown> = { value, expire: ttlMs === null ? null : now() + ttlMs };
      write(prefix + key, JSON.stringify(entry));
    },
    get<T>(key: string): T | null {
      const raw = read(prefix + key);
      if (raw === null) return null;
      try {
        const entry = JSON.parse(raw) as Partial<Entry<T>> | null;
        if (!entry || typeof entry !== 'object' || !('value' in entry)) return null;
        if (typeof entry.expire === 'number' && entry.expire <= now()) {
          drop(prefix + key);
          return null;
        }
        return (entry.value ?? null) as T | null;
      } catch {
        return null;
      }
    },
    remove(key) {
      drop(prefix + key);
    },
    clear() {
      for (const k of [...memory.keys()]) if (k.startsWith(prefix)) memory.delete(k);
      if (!backend) return;
      try {
        const keys: string[] = [];
        for (let i = 0; i < backend.length; i++) {
          const k = backend.key(i);
          if (k?.startsWith(prefix)) keys.push(k);
        }
        for (const k of keys) backend.removeItem(k);
      } catch {
        // blocked storage
      }
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The console's storage: `localStorage` under the `ics__` prefix. */
export const storage = createStorage(browserStorage());
