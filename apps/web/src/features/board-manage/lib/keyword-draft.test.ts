import { describe, expect, it } from 'vitest';
import { CONTENT_KEYWORDS_MAX, ContentMsg } from '@sq/contract/content/content-settings';
import { addKeyword, keywordsChanged } from './keyword-draft';

describe('the keyword list as edited', () => {
  it('adds a trimmed word once, refusing empty, too long and too many', () => {
    expect(addKeyword(['代开发票'], ' 加微信 ')).toEqual({ list: ['代开发票', '加微信'] });
    expect(addKeyword(['代开发票'], '代开发票')).toEqual({ message: '“代开发票”已在列表中' });
    expect(addKeyword([], '  ')).toEqual({ message: ContentMsg.keyword });
    expect(addKeyword([], '字'.repeat(21))).toEqual({ message: ContentMsg.keyword });
    expect(addKeyword(Array.from({ length: CONTENT_KEYWORDS_MAX }, (_, i) => `词${i}`), '新词')).toEqual({ message: ContentMsg.tooMany });
  });

  it('sees a change in the words but not in their order', () => {
    expect(keywordsChanged(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(keywordsChanged(['a', 'b'], ['a'])).toBe(true);
    expect(keywordsChanged(['a', 'b'], ['a', 'c'])).toBe(true);
  });
});
