import { useCallback, useEffect, useRef, useState } from 'react';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { getOfflineKitCall } from '@sq/contract/pass/offline-kit';
import { OFFLINE_SCANS_PER_REQUEST, sendOfflineScansCall } from '@sq/contract/pass/offline-scans';
import { callApi } from '../../../lib/api-client';
import { isClientError } from '../../../lib/api-error';
import { dropScan, enqueueScan, isPassScan, loadKit, queuedScans, saveKit, type PassScan, type StoredKit } from './offline-store';

/** While the scanner is open it sends its queue and renews its kit this often (and on 'online'). */
const SYNC_EVERY_MS = 60_000;

/**
 * The scanner's offline side: the kit kept in IndexedDB (renewed whenever the network answers),
 * and the queue of scans made without it, sent when the network is back. A batch the server
 * answered is done whatever each scan's result (the server has the last word); a batch that
 * got no answer, a 5xx or a login refusal stays queued.
 */
export function useOfflineGate(poiId: string) {
  const [kit, setKit] = useState<StoredKit | null>(null);
  const [pending, setPending] = useState(0);
  const kitRef = useRef<StoredKit | null>(null);
  const syncRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let live = true;
    const keep = (k: StoredKit) => {
      kitRef.current = k;
      if (live) setKit(k);
    };
    const refresh = async () => {
      try {
        const fresh = { ...(await callApi(getOfflineKitCall, { poiId }, { silent: true })), receivedAt: Date.now() };
        await saveKit(fresh);
        keep(fresh);
      } catch {
        // No network (or no answer): the stored kit stays in use.
      }
    };
    const flush = async () => {
      const items = await queuedScans(poiId, isPassScan);
      if (live) setPending(items.length);
      for (let i = 0; i < items.length; i += OFFLINE_SCANS_PER_REQUEST) {
        const batch = items.slice(i, i + OFFLINE_SCANS_PER_REQUEST);
        try {
          await callApi(sendOfflineScansCall, { poiId, scans: batch.map(([, s]) => ({ code: s.code, pass: s.pass, at: s.at, kit: s.kit ?? '' })) }, { silent: true });
        } catch (e) {
          if (!isClientError(e) || LOGIN_CODES.includes((e as { code: number }).code)) return;
        }
        await Promise.all(batch.map(([key]) => dropScan(key)));
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
    void loadKit(poiId).then((stored) => {
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
  }, [poiId]);

  const enqueue = useCallback(async (scan: PassScan) => {
    await enqueueScan(scan);
    setPending((n) => n + 1);
  }, []);

  return { kit, kitRef, pending, enqueue, sync: () => syncRef.current() };
}
