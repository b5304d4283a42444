import { useCallback, useEffect, useRef, useState } from 'react';
import { createStore, get, set } from 'idb-keyval';
import { getCounterKitCall, sendOfflineRedemptionsCall } from '@sq/contract/coupons/calls';
import { REDEMPTIONS_PER_REQUEST } from '@sq/contract/coupons/coupon-rules';
import { parseHolderCode } from '@sq/contract/codes/holder-code';
import { callApi } from '../../../lib/api-client';
import { queuedScans, useOfflineQueue, type CouponScan, type QueuedScan } from '../../gate';
import type { RedeemedHere, StoredCounterKit } from './counter-offline';

// One kit per shop, kept apart from the gate's; the redemptions share the gate's queue.
const kits = createStore('sq-counter-kits', 'kits');

/** An offline redemption the server refused when it was sent: what the counter showed, and why. */
export interface Refused {
  label: string;
  message: string;
}

/**
 * The counter's offline side (gate/lib/use-offline-queue.ts): the shop's kit and its redemptions
 * made with no network. `redeemed`: the coupons this phone redeemed (online, or queued) – one is
 * refused offline the second time. `refused`: what the server refused when the queue was sent
 * (a coupon used twice while offline, at another counter of the shop too).
 */
export function useOfflineCounter(merchantId: string) {
  const [refused, setRefused] = useState<Refused[]>([]);
  const redeemed = useRef<RedeemedHere>(new Map());
  const isMine = (s: QueuedScan): s is CouponScan => s.kind === 'coupon' && s.merchantId === merchantId;
  const offline = useOfflineQueue<StoredCounterKit, CouponScan>(merchantId, {
    loadKit: () => get<StoredCounterKit>(merchantId, kits),
    fetchKit: async () => {
      const fresh = { ...(await callApi(getCounterKitCall, { id: merchantId }, { silent: true })), receivedAt: Date.now() };
      await set(merchantId, fresh, kits);
      return fresh;
    },
    isMine,
    perRequest: REDEMPTIONS_PER_REQUEST,
    send: async (scans) => {
      const { results } = await callApi(sendOfflineRedemptionsCall, { id: merchantId, scans: scans.map((s) => ({ code: s.code, at: s.at })) }, { silent: true });
      const no = results.flatMap((r) => (r.ok ? [] : [{ label: scans.find((s) => s.code === r.code)?.label ?? '', message: r.message ?? '' }]));
      if (no.length > 0) setRefused((list) => [...no, ...list]);
    },
  });

  // Queued redemptions (from before a reload) are redeemed here too.
  useEffect(() => {
    redeemed.current = new Map();
    void queuedScans((s: QueuedScan): s is CouponScan => s.kind === 'coupon' && s.merchantId === merchantId).then((items) => {
      for (const [, s] of items) {
        const id = parseHolderCode(s.code)?.id;
        if (id && !redeemed.current.has(id)) redeemed.current.set(id, s.code);
      }
    });
  }, [merchantId]);

  const dismissRefused = useCallback(() => setRefused([]), []);
  return { ...offline, redeemed, refused, dismissRefused };
}
