import { describe, expect, it } from 'vitest';
import { bodyOf, emptyForm } from './event-form';
import { fromLocalInput, toLocalInput } from './event-time';

describe('the publish form', () => {
  it('reads times as Beijing time whatever the phone says', () => {
    expect(fromLocalInput('2026-12-05T14:00')).toBe(Date.UTC(2026, 11, 5, 6, 0) / 1000);
    expect(toLocalInput(Date.UTC(2026, 11, 5, 6, 0) / 1000)).toBe('2026-12-05T14:00');
  });

  it('sends the fee in fen and no fee as free', () => {
    const f = { ...emptyForm(), kind: 'health' as const, title: ' 义诊 ', place: '活动室', startsAt: '2026-12-05T14:00', endsAt: '2026-12-05T16:00', capacity: '2' };
    const free = bodyOf(f);
    expect('body' in free && free.body).toMatchObject({ title: '义诊', capacity: 2, feeFen: null });
    const paid = bodyOf({ ...f, feeYuan: '12.5' });
    expect('body' in paid && paid.body.feeFen).toBe(1250);
  });

  it('says the first missing field, in the form’s order', () => {
    expect(bodyOf(emptyForm())).toEqual({ error: '请选择活动类型' });
    expect(bodyOf({ ...emptyForm(), kind: 'other', title: '读书会' })).toEqual({ error: '请输入活动地点' });
  });
});
