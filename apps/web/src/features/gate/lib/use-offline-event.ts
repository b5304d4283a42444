import { useCallback, useEffect, useRef, useState } from 'react';
import { createStore, get, set } from 'idb-keyval';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { CHECKINS_PER_REQUEST } from '@sq/contract/events/event-rules';
import { getCheckinKitCall, sendOfflineCheckinsCall } from '@sq/contract/events/calls';
import { callApi } from '../../../lib/api-client';
import { isClientError } from '../../../lib/api-error';
import { dropScan, enqueueScan, queuedScans, type EventScan, type QueuedScan } from './offline-store';
import type { StoredEventKit } from './event-offline';

/** While the scanner is open it sends its queue and renews its list this often (and on 'online'). */
const SYNC_EVERY_MS = 60_000;

// One list per event, kept apart from the gate's pass kits; the scans share the gate's queue.
const kits = createStore('sq-event-kits', 'kits');
const isEventScan = (eventId: string) => (s: QueuedScan): s is EventScan => s.kind === 'event' && s.eventId === eventId;

/**
 * The event scanner's offline side, as the gate's (gate/lib/use-offline-gate.ts): the list kept
 * in IndexedDB and renewed whenever the network answers, and the scans made without it, in the
 * gate's queue, sent when the network is back. `attended`: the server's count after the last sync.
 */
export function useOfflineEvent(poiId: string, eventId: string) {
  const [kit, setKit] = useState<StoredEventKit | null>(null);
  const [kitError, setKitError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const [attended, setAttended] = useState<number | null>(null);
  // People checked in here offline whose scans the server has not counted yet (shown on top of `attended`).
  const [unsentPeople, setUnsentPeople] = useState(0);
  const kitRef = useRef<StoredEventKit | null>(null);

  useEffect(() => {
    let live = true;
    const keep = (k: StoredEventKit) => {
      kitRef.current = k;
      if (live) setKit(k);
    };
    const refresh = async () => {
      try {
        const fresh = { ...(await callApi(getCheckinKitCall, { id: eventId }, { silent: true })), receivedAt: Date.now() };
        await set(eventId, fresh, kits);
        keep(fresh);
        if (live) {
          setKitError(null);
          setAttended(fresh.attended);
        }
      } catch (e) {
        // A refusal (not staff, cancelled) is said; no network leaves the stored list in use.
        if (isClientError(e) && live) setKitError((e as Error).message);
      }
    };
    const flush = async () => {
      const items = await queuedScans(poiId, isEventScan(eventId));
      if (live) setPending(items.length);
      for (let i = 0; i < items.length; i += CHECKINS_PER_REQUEST) {
        const batch = items.slice(i, i + CHECKINS_PER_REQUEST);
        try {
          const res = await callApi(sendOfflineCheckinsCall, { id: eventId, scans: batch.map(([, s]) => ({ code: s.code, at: s.at })) }, { silent: true });
          if (live) {
            setAttended(res.attended);
            if (i + CHECKINS_PER_REQUEST >= items.length) setUnsentPeople(0);
          }
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
    void get<StoredEventKit>(eventId, kits).then((stored) => {
      if (stored && !kitRef.current) {
        keep(stored);
        if (live) setAttended((n) => n ?? stored.attended);
      }
      sync();
    });
    window.addEventListener('online', sync);
    const timer = setInterval(sync, SYNC_EVERY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', sync);
      clearInterval(timer);
    };
  }, [poiId, eventId]);

  /** Queues an offline check-in of `people` (the person and their companions). */
  const enqueue = useCallback(async (scan: EventScan, people: number) => {
    setUnsentPeople((n) => n + people);
    await enqueueScan(scan);
    setPending((n) => n + 1);
  }, []);

  return { kit, kitRef, kitError, pending, attended, unsentPeople, setAttended, enqueue };
}
