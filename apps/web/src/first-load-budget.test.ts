import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadBytes, PASS_BUDGET_BYTES } from '../build/first-load';

// The built app (`npm test` builds first). A size, not a time: the same build gives the same bytes.
const dist = path.resolve(import.meta.dirname, '../dist');

describe('first-load JavaScript', () => {
  it('keeps the pass page, opened at the gate on a weak connection, within its 110 KB gzipped budget', () => {
    const { shell, routes } = firstLoadBytes(dist);
    expect(routes.pass).toBeGreaterThan(shell);
    expect(routes.pass).toBeLessThanOrEqual(PASS_BUDGET_BYTES);
  });

  it('keeps 邻里圈 (/stick), opened as often as the pass, within the same budget (issue 33)', () => {
    const { shell, routes } = firstLoadBytes(dist);
    expect(routes.board).toBeGreaterThan(shell);
    expect(routes.board).toBeLessThanOrEqual(PASS_BUDGET_BYTES);
  });

  it('keeps 社区活动 (/activity), the events’ home opened from the community home, within the same budget (issue 34)', () => {
    const { shell, routes } = firstLoadBytes(dist);
    expect(routes.events).toBeGreaterThan(shell);
    expect(routes.events).toBeLessThanOrEqual(PASS_BUDGET_BYTES);
  });
});
