import { describe, expect, it } from 'vitest';
import { nextPage } from './paging';

describe('nextPage', () => {
  it('asks for the following page after a full page', () => {
    expect(nextPage(20, 1, 20)).toBe(2);
    expect(nextPage(20, 3, 20)).toBe(4);
  });

  it('ends after a short or empty page', () => {
    expect(nextPage(19, 1, 20)).toBeUndefined();
    expect(nextPage(0, 2, 20)).toBeUndefined();
  });
});
