import { describe, expect, it } from 'vitest';
import { filterByName } from './community-filter';

const rows = [{ community: '望京花园西区' }, { community: '花家地北里' }, { community: 'Sunshine 公寓' }];

describe('filterByName', () => {
  it('keeps rows whose name contains the keyword', () => {
    expect(filterByName(rows, '花').map((r) => r.community)).toEqual(['望京花园西区', '花家地北里']);
    expect(filterByName(rows, ' 北里 ')).toEqual([{ community: '花家地北里' }]);
    expect(filterByName(rows, 'sunshine')).toEqual([{ community: 'Sunshine 公寓' }]);
  });

  it('keeps everything for an empty keyword and nothing for a miss', () => {
    expect(filterByName(rows, '  ')).toHaveLength(3);
    expect(filterByName(rows, '朝阳')).toEqual([]);
  });
});
