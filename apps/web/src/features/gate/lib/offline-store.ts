import { createStore, del, entries, get, set } from 'idb-keyval';
import type { OfflineKit } from '@sq/contract/pass/offline-kit';

/** The kit as the scanner keeps it: with the phone's time when it arrived (for the clock offset and its age). */
export interface StoredKit extends OfflineKit {
  receivedAt: number;
}

/**
 * A scan made with no network, waiting to be sent: one queue for every kind of code a counter
 * scans (DESIGN.md §9 "Codes that staff scan"). `kind` absent: a pass (scans queued before the
 * kinds existed are passes).
 */
export type QueuedScan = PassScan | EventScan | CouponScan | OrderScan;

export interface PassScan {
  kind?: 'pass';
  poiId: string;
  code: string;
  pass: 1 | 2;
  /** Unix ms on the server-corrected clock. */
  at: number;
  /** The kit it was checked with (the server takes the scan only inside that kit's validity). */
  kit: string;
}

/** A sign-up's check-in code scanned at an event's door (features/events-checkin). */
export interface EventScan {
  kind: 'event';
  poiId: string;
  eventId: string;
  code: string;
  /** Unix ms on the server-corrected clock. */
  at: number;
}

/** A coupon's code scanned at a shop's counter with no network (features/coupons' counter, /bs). */
export interface CouponScan {
  kind: 'coupon';
  merchantId: string;
  code: string;
  /** Unix ms on the server-corrected clock. */
  at: number;
  /** What the counter showed (title · holder): said again if the server refuses it later. */
  label: string;
}

/**
 * An order's pickup code scanned by its seller's staff with no network (features/pickup, /myorder/deqorder):
 * `lines` are the units handed over in all after it (targets, so a batch sent twice hands nothing over twice).
 */
export interface OrderScan {
  kind: 'order';
  sellerId: string;
  code: string;
  /** Unix ms on the server-corrected clock. */
  at: number;
  lines: { itemId: string; collected: number }[];
  /** What the scanner showed (order no · buyer): said again if the server refuses it later. */
  label: string;
}

// IndexedDB, not localStorage: it survives a full storage of the page and is not read on every load.
// idb-keyval keeps one store per database.
const kits = createStore('sq-gate-kits', 'kits');
const queue = createStore('sq-gate-queue', 'scans');

export const loadKit = (poiId: string) => get<StoredKit>(poiId, kits);
export const saveKit = (kit: StoredKit) => set(kit.poiId, kit, kits);

export const enqueueScan = (scan: QueuedScan) => set(`${scan.kind === 'coupon' ? scan.merchantId : scan.kind === 'order' ? scan.sellerId : scan.poiId}|${scan.at}|${scan.code}`, scan, queue);
/** One scanner's queued scans (its kind and its community, event or shop), oldest first (each kind is sent to its own endpoint). */
export async function queuedScans<S extends QueuedScan>(isMine: (scan: QueuedScan) => scan is S): Promise<[string, S][]> {
  const all = (await entries<string, QueuedScan>(queue)) as [string, QueuedScan][];
  return all.filter((e): e is [string, S] => isMine(e[1])).sort((a, b) => a[1].at - b[1].at);
}
export const isPassScan = (scan: QueuedScan): scan is PassScan => scan.kind === undefined || scan.kind === 'pass';
export const dropScan = (key: string) => del(key, queue);
