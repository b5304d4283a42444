import { describe, expect, it } from 'vitest';
import { splitByKeyword } from './highlight';

describe('splitByKeyword', () => {
  it('marks every occurrence, whatever the case', () => {
    expect(splitByKeyword('出售婴儿车，婴儿车九成新 ABC abc', '婴儿车')).toEqual([
      { text: '出售', hit: false },
      { text: '婴儿车', hit: true },
      { text: '，', hit: false },
      { text: '婴儿车', hit: true },
      { text: '九成新 ABC abc', hit: false },
    ]);
    expect(splitByKeyword('ABC abc', 'abc').filter((p) => p.hit)).toHaveLength(2);
  });

  it('leaves the text whole for an empty keyword', () => {
    expect(splitByKeyword('车位出租', ' ')).toEqual([{ text: '车位出租', hit: false }]);
  });
});
