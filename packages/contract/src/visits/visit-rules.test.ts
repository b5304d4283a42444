import { describe, expect, it } from 'vitest';
import { checkInvitation } from './visit-rules';
import { visitRefusal, visitStatus, visitWindowText } from './visit-window';

// 2026-11-26 09:00 in Beijing.
const NOW = new Date('2026-11-26T01:00:00Z');
const base = { name: '王访客', mobile: '13912345678', start: '2026-11-26 10:00', end: '2026-11-26 18:00', entries: 2 };

describe('an invitation as the form and the server check it', () => {
  it('cleans a good one: Beijing minutes, entries, a plate as typed', () => {
    const r = checkInvitation({ ...base, mobile: '139 1234 5678', plate: '京b·12345' }, NOW);
    expect(r).toEqual({
      ok: true,
      value: { name: '王访客', mobile: '13912345678', start: new Date('2026-11-26T02:00:00Z'), end: new Date('2026-11-26T10:00:00Z'), entries: 2, plate: '京B12345' },
    });
    expect(checkInvitation({ ...base, mobile: '+852 9123 4567' }, NOW)).toMatchObject({ ok: true, value: { mobile: '+85291234567' } });
  });

  it('allows exactly seven days and thirty days ahead, not a minute more', () => {
    expect(checkInvitation({ ...base, end: '2026-12-03 10:00' }, NOW).ok).toBe(true);
    expect(checkInvitation({ ...base, end: '2026-12-03 10:01' }, NOW)).toMatchObject({ ok: false, field: 'end', message: '来访时段最长 7 天' });
    expect(checkInvitation({ ...base, start: '2026-12-26 08:00', end: '2026-12-26 09:00' }, NOW).ok).toBe(true);
    expect(checkInvitation({ ...base, start: '2026-12-27 08:00', end: '2026-12-27 09:00' }, NOW)).toMatchObject({ ok: false, field: 'start' });
  });

  it('takes a window that began already but not one that has ended', () => {
    expect(checkInvitation({ ...base, start: '2026-11-26 08:00', end: '2026-11-26 09:01' }, NOW).ok).toBe(true);
    expect(checkInvitation({ ...base, start: '2026-11-26 08:00', end: '2026-11-26 09:00' }, NOW)).toMatchObject({ ok: false, message: '结束时间已过，请重新选择' });
  });
});

describe('what the gate decides from a window', () => {
  const w = { start: Date.parse('2026-11-26T02:00:00Z') / 1000, end: Date.parse('2026-11-26T10:00:00Z') / 1000, entries: 1, entriesUsed: 0, cancelled: false, needsDocument: false };
  const at = (iso: string) => Date.parse(iso);

  it('lets them in from the first second to the last of the window, and out for six hours after it', () => {
    expect(visitRefusal(w, 1, at('2026-11-26T01:59:59Z'))).toBe('不在邀请的来访时间内');
    expect(visitRefusal(w, 1, at('2026-11-26T02:00:00Z'))).toBeNull();
    expect(visitRefusal(w, 1, at('2026-11-26T10:00:00Z'))).toBeNull();
    expect(visitRefusal(w, 1, at('2026-11-26T10:00:01Z'))).toBe('不在邀请的来访时间内');
    expect(visitRefusal(w, 2, at('2026-11-26T16:00:00Z'))).toBeNull();
    expect(visitRefusal(w, 2, at('2026-11-26T16:00:01Z'))).toBe('不在邀请的来访时间内');
  });

  it('counts entries, not exits, and says why first when cancelled or a document is missing', () => {
    const used = { ...w, entriesUsed: 1 };
    expect(visitRefusal(used, 1, at('2026-11-26T03:00:00Z'))).toBe('该访客邀请的进入次数已用完');
    expect(visitRefusal(used, 2, at('2026-11-26T03:00:00Z'))).toBeNull();
    expect(visitRefusal({ ...used, cancelled: true }, 2, at('2026-11-26T03:00:00Z'))).toBe('该访客邀请已取消');
    expect(visitRefusal({ ...w, needsDocument: true }, 1, at('2026-11-26T03:00:00Z'))).toBe('访客尚未填写证件信息');
    expect(visitStatus(used, at('2026-11-26T03:00:00Z'))).toBe('used');
    expect(visitStatus(w, at('2026-11-26T11:00:00Z'))).toBe('ended');
  });

  it('says the window as people do', () => {
    expect(visitWindowText(new Date(w.start * 1000), new Date(w.end * 1000))).toBe('11月26日 10:00–18:00');
    expect(visitWindowText(new Date(w.start * 1000), new Date('2026-11-27T02:00:00Z'))).toBe('11月26日 10:00–11月27日 10:00');
  });
});
