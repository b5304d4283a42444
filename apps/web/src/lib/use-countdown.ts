import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a countdown started with `start(seconds)`. Counts against the clock rather than
 * ticks, because phones throttle timers in background tabs and a tick count would run slow.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [remaining, setRemaining] = useState(0);

  const start = useCallback((seconds: number) => {
    setEndsAt(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, []);

  useEffect(() => {
    if (endsAt === 0) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  return { remaining, start };
}
