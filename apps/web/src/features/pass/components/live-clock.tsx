import { useSecond } from '../../../lib/use-second';
import { clockFace } from '../lib/time-format';

/**
 * Beijing date and a ticking time with seconds: the gate staff see a living page, not a
 * screenshot of someone else's pass.
 */
export function LiveClock() {
  const face = clockFace(new Date(useSecond() * 1000));
  return (
    <div className="live-clock" aria-label="当前时间">
      <span className="live-clock-date">{face.date}</span>
      <span className="live-clock-time" data-testid="live-clock">
        <span className="live-clock-dot" aria-hidden="true" />
        {face.time}
      </span>
    </div>
  );
}
