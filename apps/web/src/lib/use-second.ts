import { useSyncExternalStore } from 'react';

/**
 * One timer for every on-screen clock, firing just after each whole second of the phone's clock:
 * the pass page's clock and its countdown change in the same frame, and a component that only
 * needs to know when something changes (the rotating code, every 30 s) is told every second but
 * drawn again only when its own value changed (`useSecondValue`).
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
const wholeSecond = () => Math.floor(Date.now() / 1000);
/** The second every component reads in one render; kept while anyone listens. */
let second = wholeSecond();

function schedule() {
  // A few milliseconds past the second, so the new second is the one read.
  timer = setTimeout(() => {
    second = wholeSecond();
    for (const listener of listeners) listener();
    schedule();
  }, 1005 - (Date.now() % 1000));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    second = wholeSecond();
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

const current = () => {
  if (listeners.size === 0) second = wholeSecond();
  return second;
};

/**
 * `read(ms)` at every whole second (`ms`: that second's start, phone time); the component is drawn
 * again only when the value it returns changes (compared with Object.is: return a primitive).
 */
export function useSecondValue<T extends string | number | boolean>(read: (ms: number) => T): T {
  return useSyncExternalStore(subscribe, () => read(current() * 1000));
}

/** The phone's clock in whole seconds since the epoch, drawn again every second. */
export const useSecond = () => useSecondValue((ms) => ms / 1000);
