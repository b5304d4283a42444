import { describe, expect, it } from 'vitest';
import { returnReasonsFor } from './review-reasons';

describe('send-back reasons', () => {
  it('name the number of the document the person registered with', () => {
    expect(returnReasonsFor('id').slice(0, 2)).toEqual(['姓名与身份证号不一致，请核对后重新填写', '身份证号有误，请核对后重新填写']);
    for (const type of ['passport', 'hmt', 'hkmo', 'tw', 'prc']) expect(returnReasonsFor(type).join()).not.toContain('身份证号');
    expect(returnReasonsFor('passport')[1]).toBe('护照号码有误，请核对后重新填写');
    expect(returnReasonsFor('hkmo')[0]).toBe('姓名与通行证号码不一致，请核对后重新填写');
  });
});
