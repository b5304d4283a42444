import { getOfflineKitCall } from '@sq/contract/pass/offline-kit';
import { OFFLINE_SCANS_PER_REQUEST, sendOfflineScansCall } from '@sq/contract/pass/offline-scans';
import { callApi } from '../../../lib/api-client';
import { isPassScan, loadKit, saveKit, type PassScan, type QueuedScan, type StoredKit } from './offline-store';
import { useOfflineQueue } from './use-offline-queue';

/** The gate's offline side (lib/use-offline-queue.ts): the community's pass kit and its pass scans. */
export function useOfflineGate(poiId: string) {
  return useOfflineQueue<StoredKit, PassScan>(poiId, {
    loadKit: () => loadKit(poiId),
    fetchKit: async () => {
      const fresh = { ...(await callApi(getOfflineKitCall, { poiId }, { silent: true })), receivedAt: Date.now() };
      await saveKit(fresh);
      return fresh;
    },
    isMine: (s: QueuedScan): s is PassScan => isPassScan(s) && s.poiId === poiId,
    perRequest: OFFLINE_SCANS_PER_REQUEST,
    send: async (scans) => {
      await callApi(sendOfflineScansCall, { poiId, scans: scans.map((s) => ({ code: s.code, pass: s.pass, at: s.at, kit: s.kit ?? '' })) }, { silent: true });
    },
  });
}
