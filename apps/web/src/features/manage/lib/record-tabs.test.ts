import { describe, expect, it } from 'vitest';
import { recordTab, tabTitle } from './record-tabs';

describe('record tabs', () => {
  it('map each tab to its status and count field', () => {
    expect(recordTab('returned')).toMatchObject({ status: -1, count: 'status_2', title: '已退回' });
    expect(recordTab('approved')).toMatchObject({ status: 1, count: 'status_1' });
    expect(recordTab(null)).toMatchObject({ status: 0, count: 'status_0' });
    expect(recordTab('bogus').key).toBe('pending');
  });

  it('show the count once known', () => {
    expect(tabTitle('待审核', undefined)).toBe('待审核');
    expect(tabTitle('待审核', 3)).toBe('待审核(3)');
    expect(tabTitle('已通过', 1200)).toBe('已通过(999+)');
  });
});
