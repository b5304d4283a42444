import { describe, expect, it } from 'vitest';
import { directionOf } from './entry-direction';

describe('directionOf', () => {
  it('reads 1 as entry and everything else as exit (spec §3)', () => {
    expect(directionOf(1)).toEqual({ label: '进入', tone: 'in' });
    expect(directionOf(2)).toEqual({ label: '离开', tone: 'out' });
    expect(directionOf(0).label).toBe('离开');
  });
});
