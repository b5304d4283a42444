import { useSyncExternalStore } from 'react';
import { storage, type StorageKey } from './storage';

/** The current value of one storage key; re-renders when this tab or another one changes it. */
export function useStoredValue(key: StorageKey): string | null {
  return useSyncExternalStore(storage.subscribe, () => storage.get(key));
}
