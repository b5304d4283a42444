import { createStore, del, entries, get, set } from 'idb-keyval';
import type { OfflineKit } from '@sq/contract/pass/offline-kit';

/** The kit as the scanner keeps it: with the phone's time when it arrived (for the clock offset and its age). */
export interface StoredKit extends OfflineKit {
  receivedAt: number;
}

export interface QueuedScan {
  poiId: string;
  code: string;
  pass: 1 | 2;
  /** Unix ms on the server-corrected clock. */
  at: number;
  /** The kit it was checked with (the server takes the scan only inside that kit's validity). */
  kit: string;
}

// IndexedDB, not localStorage: it survives a full storage of the page and is not read on every load.
// idb-keyval keeps one store per database.
const kits = createStore('sq-gate-kits', 'kits');
const queue = createStore('sq-gate-queue', 'scans');

export const loadKit = (poiId: string) => get<StoredKit>(poiId, kits);
export const saveKit = (kit: StoredKit) => set(kit.poiId, kit, kits);

export const enqueueScan = (scan: QueuedScan) => set(`${scan.poiId}|${scan.at}|${scan.code}`, scan, queue);
export async function queuedScans(poiId: string): Promise<[string, QueuedScan][]> {
  return ((await entries<string, QueuedScan>(queue)) as [string, QueuedScan][]).filter(([, s]) => s.poiId === poiId).sort((a, b) => a[1].at - b[1].at);
}
export const dropScan = (key: string) => del(key, queue);
