/** Local-storage keys of spec §3. The names are the wire of this page: never rename one. */
export const StorageKey = {
  /** Session token from POST /v1/auth/login; sent with every API call. */
  token: 'token',
  /** poiId of the community the user joined (user community). */
  userCommunity: 'userCommunity',
  /** poiId of the community being viewed now, which may differ from the joined one. */
  currentCommunity: 'community',
  /** Unix seconds when the user joined userCommunity; '0' means chosen but not joined. */
  moveTime: 'moveTime',
  /** Pass marker set on the pass page; /support clears it when left (spec §2). */
  pass: 'pass',
  /** The registration last submitted, so the pass page can show it before the server answers. */
  submittedPass: 'submittedPass',
  /** Last known longitude (GCJ-02), so lists open near the user without a new location fix. */
  lon: 'lon',
  /** Last known latitude (GCJ-02). */
  lat: 'lat',
  /** Map service key of spec §3. Stays unused: DESIGN §7 keeps the key on the server. */
  mapKey: 'mapKey',
  /** Unsent correction form (/errcon), kept across the round trip to the map picker. */
  correctionDraft: 'correctionDraft',
  /** Unsent add-info form (/errcon 补充信息), same reason. */
  addInfoDraft: 'addInfoDraft',
  /** Last token handed over by a native shell, for the moment before the shell re-injects it. */
  appuserToken: 'appuserToken',
  /** Mobile of the logged-in user, shown masked on the home page. */
  userMobile: 'userMobile',
  /** The deployment's 技术支持 contacts as last fetched, so /support shows them with no signal. */
  supportContact: 'supportContact',
  /** 长辈模式 as the person chose it on this phone ('1' on, '0' off); absent: the shell's wish, or off. */
  elderMode: 'elderMode',
  /** '1' from a login until the app has asked whether a privacy notice awaits the person. */
  noticeCheck: 'noticeCheck',
  /** An invited visitor's last pass (/visit), so it still shows when the gate has no signal. */
  visitPass: 'visitPass',
  /** 邻里圈: the last searches on this phone (JSON array of strings, newest first). */
  boardSearches: 'boardSearches',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** Checks what was read back: a zod schema fits, and so does a hand-made check (pass-cache.ts). */
export interface StoredShape<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}
type Listener = (key: StorageKey | null) => void;

/**
 * A key-value store over a Storage that may be missing or throw: Safari private mode refuses
 * writes, sandboxed iframes throw on the mere `window.localStorage` access. Values that cannot be
 * written there live in memory for the life of the page, so the app keeps working.
 */
export function createStorage(getBackend: () => Backend | undefined) {
  const memory = new Map<string, string>();
  const listeners = new Set<Listener>();
  const emit = (key: StorageKey | null) => listeners.forEach((l) => l(key));

  function backend(): Backend | undefined {
    try {
      return getBackend();
    } catch {
      return undefined;
    }
  }

  function get(key: StorageKey): string | null {
    try {
      const stored = backend()?.getItem(key);
      if (stored != null) return stored;
    } catch {
      // Unreadable storage: memory is all there is.
    }
    return memory.get(key) ?? null;
  }

  function set(key: StorageKey, value: string): void {
    try {
      const b = backend();
      if (!b) throw new Error('no storage');
      b.setItem(key, value);
      memory.delete(key);
    } catch {
      memory.set(key, value);
      // A stale stored value would otherwise win over the fresh one in get().
      try {
        backend()?.removeItem(key);
      } catch {
        // Nothing more to do: memory already holds the value.
      }
    }
    emit(key);
  }

  function remove(key: StorageKey): void {
    memory.delete(key);
    try {
      backend()?.removeItem(key);
    } catch {
      // Already gone from memory, which is what get() falls back to.
    }
    emit(key);
  }

  /** Reads a JSON value; anything unparsable or not matching the schema counts as absent. */
  function readJson<T>(key: StorageKey, schema: StoredShape<T>): T | null {
    const raw = get(key);
    if (raw == null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function writeJson(key: StorageKey, value: unknown): void {
    set(key, JSON.stringify(value));
  }

  /** Calls back on every change made here, and (with `null`) on changes from other tabs. */
  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  if (typeof window !== 'undefined') window.addEventListener('storage', () => emit(null));

  return { get, set, remove, readJson, writeJson, subscribe };
}

export const storage = createStorage(() => globalThis.localStorage);
