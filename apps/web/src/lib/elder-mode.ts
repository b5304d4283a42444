import { nativeElderMode } from './native-bridge';
import { storage, StorageKey } from './storage';
import { useStoredValue } from './use-stored-value';

/**
 * 长辈模式 (MIIT 2021 适老化): larger text and tap targets, a pass page with the QR and name only.
 * The person's own choice on this phone wins; without one, the native shell's wish (the phone's
 * setting for older people); without that, off. `?elder=1` (or 0) in a link chooses it too, for
 * shells that cannot run script before the page loads.
 */
export function isElderMode(): boolean {
  const chosen = storage.get(StorageKey.elderMode);
  if (chosen === '1' || chosen === '0') return chosen === '1';
  return nativeElderMode() ?? false;
}

/** Puts the mode on <html> (global.css reads `data-elder`). */
export function applyElderMode(): void {
  if (isElderMode()) document.documentElement.dataset.elder = '1';
  else delete document.documentElement.dataset.elder;
}

export function setElderMode(on: boolean): void {
  storage.set(StorageKey.elderMode, on ? '1' : '0');
  applyElderMode();
}

export function useElderMode(): [boolean, (on: boolean) => void] {
  // Re-renders when the choice changes here or in another tab.
  useStoredValue(StorageKey.elderMode);
  return [isElderMode(), setElderMode];
}
