import { useCallback, useState } from 'react';
import { createStore, get, set } from 'idb-keyval';
import { CHECKINS_PER_REQUEST } from '@sq/contract/events/event-rules';
import { getCheckinKitCall, sendOfflineCheckinsCall } from '@sq/contract/events/calls';
import { callApi } from '../../../lib/api-client';
import type { EventScan, QueuedScan } from './offline-store';
import type { StoredEventKit } from './event-offline';
import { useOfflineQueue } from './use-offline-queue';

// One list per event, kept apart from the gate's pass kits; the scans share the gate's queue.
const kits = createStore('sq-event-kits', 'kits');

/**
 * The event scanner's offline side (lib/use-offline-queue.ts): the event's list and its check-in
 * scans. `attended`: the server's count after the last sync; `unsentPeople`: people checked in
 * here offline whose scans the server has not counted yet (shown on top of it).
 */
export function useOfflineEvent(poiId: string, eventId: string) {
  const [attended, setAttended] = useState<number | null>(null);
  const [unsentPeople, setUnsentPeople] = useState(0);
  const offline = useOfflineQueue<StoredEventKit, EventScan>(`${poiId}|${eventId}`, {
    loadKit: async () => {
      const stored = await get<StoredEventKit>(eventId, kits);
      if (stored) setAttended((n) => n ?? stored.attended);
      return stored;
    },
    fetchKit: async () => {
      const fresh = { ...(await callApi(getCheckinKitCall, { id: eventId }, { silent: true })), receivedAt: Date.now() };
      await set(eventId, fresh, kits);
      setAttended(fresh.attended);
      return fresh;
    },
    isMine: (s: QueuedScan): s is EventScan => s.kind === 'event' && s.poiId === poiId && s.eventId === eventId,
    perRequest: CHECKINS_PER_REQUEST,
    send: async (scans, last) => {
      const res = await callApi(sendOfflineCheckinsCall, { id: eventId, scans: scans.map((s) => ({ code: s.code, at: s.at })) }, { silent: true });
      setAttended(res.attended);
      if (last) setUnsentPeople(0);
    },
  });
  const { enqueue: enqueueScan } = offline;

  /** Queues an offline check-in of `people` (the person and their companions). */
  const enqueue = useCallback(
    async (scan: EventScan, people: number) => {
      setUnsentPeople((n) => n + people);
      await enqueueScan(scan);
    },
    [enqueueScan],
  );

  return { ...offline, attended, unsentPeople, setAttended, enqueue };
}
