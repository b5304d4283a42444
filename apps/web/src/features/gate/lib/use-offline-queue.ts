import { useCallback, useEffect, useRef, useState } from 'react';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { isClientError } from '../../../lib/api-error';
import { dropScan, enqueueScan, queuedScans, type QueuedScan } from './offline-store';

/** While the scanner is open it sends its queue and renews its kit this often (and on 'online'). */
const SYNC_EVERY_MS = 60_000;

/**
 * What one kind of code (a pass, an event's check-in, a coupon) tells the shared offline side:
 * where its kit comes from and is kept, which queued scans are its own and where they are sent.
 * Read afresh on every sync: the adapter may be a new object each render.
 */
export interface OfflineAdapter<K, S extends QueuedScan> {
  /** The kit kept on the phone (IndexedDB), if any. */
  loadKit: () => Promise<K | undefined>;
  /** A new kit from the server, kept on the phone, with the phone's time it arrived. Throws as callApi does. */
  fetchKit: () => Promise<K>;
  /** This scanner's scans in the shared queue. */
  isMine: (scan: QueuedScan) => scan is S;
  /** Scans one request carries. */
  perRequest: number;
  /** Sends a batch; `last`: no more after it. Throws as callApi does. */
  send: (scans: S[], last: boolean) => Promise<void>;
}

/**
 * The scanner's offline side, one for every kind of code (DESIGN.md §9 "Codes that staff scan"):
 * the kit kept in IndexedDB (renewed whenever the network answers) and the scans made without
 * it in the one queue, sent when the network is back. A batch the server answered is done
 * whatever each scan's result (the server has the last word); a batch that got no answer, a 5xx
 * or a login refusal stays queued. `kitError`: the server refused the kit (not staff, cancelled).
 * `key` names the scanner (its community, event or shop): a new key starts over.
 */
export function useOfflineQueue<K, S extends QueuedScan>(key: string, adapter: OfflineAdapter<K, S>) {
  const [kit, setKit] = useState<K | null>(null);
  const [kitError, setKitError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const kitRef = useRef<K | null>(null);
  const adapterRef = useRef(adapter);
  const syncRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    adapterRef.current = adapter;
  });

  useEffect(() => {
    let live = true;
    kitRef.current = null;
    const keep = (k: K) => {
      kitRef.current = k;
      if (live) setKit(k);
    };
    const refresh = async () => {
      try {
        const fresh = await adapterRef.current.fetchKit();
        keep(fresh);
        if (live) setKitError(null);
      } catch (e) {
        // A refusal is said; no network (or no answer) leaves the stored kit in use.
        if (isClientError(e) && live) setKitError((e as Error).message);
      }
    };
    const flush = async () => {
      const { isMine, perRequest, send } = adapterRef.current;
      const items = await queuedScans(isMine);
      if (live) setPending(items.length);
      for (let i = 0; i < items.length; i += perRequest) {
        const batch = items.slice(i, i + perRequest);
        try {
          await send(
            batch.map(([, s]) => s),
            i + perRequest >= items.length,
          );
        } catch (e) {
          if (!isClientError(e) || LOGIN_CODES.includes((e as { code: number }).code)) return;
        }
        await Promise.all(batch.map(([k]) => dropScan(k)));
        if (live) setPending((n) => Math.max(0, n - batch.length));
      }
    };
    let syncing = false;
    const sync = () => {
      if (syncing) return;
      syncing = true;
      void flush()
        .then(refresh)
        .finally(() => (syncing = false));
    };
    syncRef.current = sync;
    void adapterRef.current
      .loadKit()
      .catch(() => undefined)
      .then((stored) => {
        if (stored && !kitRef.current) keep(stored);
        sync();
      });
    window.addEventListener('online', sync);
    const timer = setInterval(sync, SYNC_EVERY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', sync);
      clearInterval(timer);
    };
  }, [key]);

  const enqueue = useCallback(async (scan: S) => {
    await enqueueScan(scan);
    setPending((n) => n + 1);
  }, []);

  return { kit, kitRef, kitError, pending, enqueue, sync: () => syncRef.current() };
}
