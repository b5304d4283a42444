import { describe, expect, it } from 'vitest';
import { SAME_CODE_MS, createRecentCodes } from './scanned-text';

describe('createRecentCodes', () => {
  it('checks a code held in view once, however long it stays there', () => {
    let t = 0;
    const recent = createRecentCodes(() => t);
    expect(recent.isNew('forged')).toBe(true);
    // Read every 100 ms for 20 s: still the same person in front of the lens.
    const again: boolean[] = [];
    for (t = 100; t <= 20_000; t += 100) again.push(recent.isNew('forged'));
    expect(again.some(Boolean)).toBe(false);
  });

  it('checks it again once it was out of view for a while', () => {
    let t = 0;
    const recent = createRecentCodes(() => t);
    recent.isNew('a');
    t = SAME_CODE_MS + 1;
    expect(recent.isNew('a')).toBe(true);
  });
});
