import { describe, expect, it } from 'vitest';
import { queryTermsOf, searchTermsOf } from '../../src/modules/board/search-terms';

const finds = (text: string, keyword: string) => {
  const terms = new Set(searchTermsOf(text));
  const wanted = queryTermsOf(keyword);
  return wanted.length > 0 && wanted.every((w) => terms.has(w));
};

describe('search terms', () => {
  it('indexes every CJK character and every neighbouring pair, and latin words lower-cased', () => {
    expect(searchTermsOf('出租车位 iPhone 15')).toEqual(['出', '租', '车', '位', '出租', '租车', '车位', 'iphone', '15']);
  });

  it('asks for the pairs of a longer word and the character of a one-character one', () => {
    expect(queryTermsOf('婴儿车')).toEqual(['婴儿', '儿车']);
    expect(queryTermsOf('车位')).toEqual(['车位']);
    expect(queryTermsOf('车')).toEqual(['车']);
    expect(queryTermsOf('  ！！ ')).toEqual([]);
  });

  it.each([
    ['九成新婴儿车转让', '婴儿车', true],
    ['地下车位出租，月租300', '车位', true],
    ['地下车位出租，月租300', '300', true],
    ['丢了一只猫', '猫', true],
    ['婴儿床和儿童车', '婴儿车', false],
    ['车 位', '车位', false],
    ['Selling an IPAD', 'ipad', true],
  ])('%s contains %s: %s', (text, keyword, found) => {
    expect(finds(text, keyword)).toBe(found);
  });

  it('reads full-width letters and digits as their ASCII selves', () => {
    expect(finds('ＡＢＣ１２３号', 'abc123')).toBe(true);
  });
});
