import { useSyncExternalStore } from 'react';

/**
 * One timer for every on-screen clock, firing just after each whole second of the phone's clock:
 * the pass page's clock and its countdown change in the same frame, and a component that only
 * needs to know when something changes (the rotating code, every 30 s) is told every second but
 * drawn again only when its own value changed (`useSecondValue`).
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

const tick = () => {
  // A few milliseconds past the second, so the new second is the one read.
  timer = setTimeout(() => {
    listeners.forEach((listener) => listener());
    tick();
  }, 1005 - (Date.now() % 1000));
};

function subscribe(listener: () => void) {
  if (listeners.add(listener).size === 1) tick();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/**
 * `read(ms)` with the start of the phone clock's current second, again at every whole second; the
 * component is drawn again only when the value it returns changes (return a primitive).
 */
export const useSecondValue = <T extends string | number | boolean>(read: (ms: number) => T): T =>
  useSyncExternalStore(subscribe, () => read(Math.floor(Date.now() / 1000) * 1000));

/** The phone's clock in whole seconds since the epoch, drawn again every second. */
export const useSecond = () => useSecondValue((ms) => ms / 1000);
