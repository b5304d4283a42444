import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@sq/contract/id-card';
import { matchKeywords } from '../../src/modules/content/keywords';
import { hasLink, maskPersonalNumbers } from '../../src/modules/content/mask-text';

const hidden = { showPhone: false };
const shown = { showPhone: true };
const id17 = '11010519491231002';
const ID = `${id17}${idCardCheckChar(id17)}`;

describe('personal numbers pasted into a post are masked as the registration form masks them', () => {
  it('masks mobiles however they are spaced, unless the author made their phone public', () => {
    expect(maskPersonalNumbers('婴儿车出，电话13812345678', hidden)).toBe('婴儿车出，电话138****5678');
    expect(maskPersonalNumbers('联系 138 1234 5678 或 +86 139-1234-5678', hidden)).toBe('联系 138****5678 或 139****5678');
    expect(maskPersonalNumbers('电话13812345678', shown)).toBe('电话13812345678');
    expect(maskPersonalNumbers('座机 010-62345678', hidden)).toBe('座机 010-****78');
  });

  it('always masks ID and document numbers and plates, public phone or not', () => {
    expect(maskPersonalNumbers(`捡到身份证 ${ID} 请失主联系`, shown)).toBe(`捡到身份证 ${ID.slice(0, 6)}********${ID.slice(14)} 请失主联系`);
    expect(maskPersonalNumbers(`小写x也算 ${ID.toLowerCase()}`, hidden)).not.toContain(ID.slice(6, 14));
    expect(maskPersonalNumbers('港澳通行证H12345678丢了', shown)).toBe('港澳通行证H1****678丢了');
    expect(maskPersonalNumbers('护照E12345678', shown)).toBe('护照E1****678');
    expect(maskPersonalNumbers('京A12345 挡住了车库，京A·D12345 也是', shown)).toBe('京A***45 挡住了车库，京A****45 也是');
  });

  it('leaves ordinary numbers alone: prices, dates, a number that is no ID, a room', () => {
    const text = '9成新，原价1299元，2025年买的，8栋2单元601，订单号123456789012345678';
    expect(maskPersonalNumbers(text, hidden)).toBe(text);
  });
});

describe('links and keywords', () => {
  it('finds links written as people write them', () => {
    for (const t of ['看这个 https://example.com/x', 'www.taobao.com 有卖', '加群 abc.xyz/join', '淘宝 m.tb.cn/h.5x']) expect(hasLink(t), t).toBe(true);
    for (const t of ['3.5元一斤', '周六下午3点', '邮箱 a@b 不算', 'Wi-Fi 密码']) expect(hasLink(t), t).toBe(false);
  });

  it('matches keywords through spaces, symbols and full-width letters, each once', () => {
    expect(matchKeywords('招人 刷 单，日结', [])).toEqual(['刷单']);
    expect(matchKeywords('出售 ＫＦＣ 优惠券', ['kfc'])).toEqual(['kfc']);
    expect(matchKeywords('出一辆婴儿车，九成新', ['广告'])).toEqual([]);
  });
});
