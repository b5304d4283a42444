import { useCallback, useState } from 'react';
import { createStore, get, set } from 'idb-keyval';
import { getPickupKitCall, sendOfflinePickupsCall } from '@sq/contract/pickup/calls';
import { PICKUPS_PER_REQUEST } from '@sq/contract/pickup/pickup';
import { callApi } from '../../../lib/api-client';
import { useOfflineQueue, type OrderScan, type QueuedScan } from '../../gate';
import { kitAfterPickup, type StoredPickupKit } from './pickup-offline';

// One kit per seller, kept apart from the gate's and the counter's; the pickups share the gate's queue.
const kits = createStore('sq-pickup-kits', 'kits');

export interface RefusedPickup {
  label: string;
  message: string;
}

/**
 * The pickup scanner's offline side – the 'order' adapter of the gate's one offline queue
 * (gate/lib/use-offline-queue.ts): the seller's kit (paid orders waiting, with the buyers' public
 * keys) and the handovers made with no network, sent when it is back. `refused`: what the server
 * refused when they were sent.
 */
export function useOfflinePickup(sellerId: string) {
  const [refused, setRefused] = useState<RefusedPickup[]>([]);
  const isMine = (s: QueuedScan): s is OrderScan => s.kind === 'order' && s.sellerId === sellerId;
  const offline = useOfflineQueue<StoredPickupKit, OrderScan>(sellerId, {
    loadKit: () => get<StoredPickupKit>(sellerId, kits),
    fetchKit: async () => {
      const fresh = { ...(await callApi(getPickupKitCall, { id: sellerId }, { silent: true })), receivedAt: Date.now() };
      await set(sellerId, fresh, kits);
      return fresh;
    },
    isMine,
    perRequest: PICKUPS_PER_REQUEST,
    send: async (scans) => {
      const { results } = await callApi(sendOfflinePickupsCall, { id: sellerId, scans: scans.map((s) => ({ code: s.code, at: s.at, lines: s.lines })) }, { silent: true });
      const no = results.flatMap((r) => (r.ok ? [] : [{ label: scans.find((s) => s.code === r.code)?.label ?? '', message: r.message ?? '' }]));
      if (no.length > 0) setRefused((list) => [...no, ...list]);
    },
  });

  /** A handover made offline: queued, and the kit kept on the phone updated so the order shows what is left. */
  const { enqueue, kitRef } = offline;
  const handOver = useCallback(
    async (scan: Omit<OrderScan, 'kind' | 'sellerId'>, orderId: string) => {
      await enqueue({ kind: 'order', sellerId, ...scan });
      const kit = kitRef.current;
      if (kit) {
        const next = kitAfterPickup(kit, orderId, scan.lines);
        kitRef.current = next;
        await set(sellerId, next, kits).catch(() => undefined);
      }
    },
    [enqueue, kitRef, sellerId],
  );

  const dismissRefused = useCallback(() => setRefused([]), []);
  return { ...offline, handOver, refused, dismissRefused };
}
