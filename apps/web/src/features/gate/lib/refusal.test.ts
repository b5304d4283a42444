import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal';

describe('refusalText', () => {
  it('tells staff what to do with an unknown (forged) code, and leaves other reasons as they are', () => {
    expect(refusalText('通行码无效')).toBe('通行码无效，请对方刷新通行证后重新扫码');
    expect(refusalText('该通行码已使用，请让对方刷新通行证')).toBe('该通行码已使用，请让对方刷新通行证');
  });
});
