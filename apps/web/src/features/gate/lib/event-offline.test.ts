import { describe, expect, it } from 'vitest';
import { eventCodeOf, eventSecretDigest, eventTicketUrl } from '@sq/contract/events/event-code';
import { EventMsg } from '@sq/contract/events/event-rules';
import { checkEventOffline, type StoredEventKit } from './event-offline';
import { eventCodeIn, isDoorUrl } from './event-scan';

const ID = '0f8c2a3e-1b2c-4d5e-8f90-123456789abc';
const SECRET = 'hfGFpmImx_hBiowGwyOFXg';
const CODE = eventCodeOf(ID, SECRET);
const NOW = Date.UTC(2026, 10, 27, 6, 0);
const kit: StoredEventKit = {
  eventId: 'e',
  poiId: 'DEMO000001',
  title: '义诊',
  startsAt: NOW / 1000,
  endsAt: NOW / 1000 + 7200,
  serverTime: NOW,
  receivedAt: NOW,
  attended: 0,
  tickets: [{ signupId: ID, digest: eventSecretDigest(SECRET), name: '陈明', companions: 1, checkedInAt: null }],
};

describe('an event code checked with no network', () => {
  it('is green for a listed code, then a repeat; red for a changed secret, an unknown code and outside the window', () => {
    const seen = new Set<string>();
    expect(checkEventOffline(kit, CODE, NOW, seen)).toMatchObject({ verdict: { kind: 'ok', name: '陈明', companions: 1, offline: true }, repeat: false, at: NOW });
    expect(checkEventOffline(kit, CODE, NOW, seen).repeat).toBe(true);
    expect(checkEventOffline(kit, eventCodeOf(ID, SECRET.replace(/^h/, 'g')), NOW, seen).verdict).toMatchObject({ kind: 'no', message: EventMsg.ticketUnknown });
    expect(checkEventOffline(kit, eventCodeOf('1f8c2a3e-1b2c-4d5e-8f90-123456789abc', SECRET), NOW, seen).verdict).toMatchObject({ kind: 'no', message: EventMsg.ticketUnknown });
    expect(checkEventOffline(kit, CODE, NOW - 3 * 3_600_000, new Set()).verdict).toMatchObject({ kind: 'no', message: EventMsg.checkinNotOpen });
    expect(checkEventOffline(kit, CODE, NOW + 3 * 3_600_000, new Set()).verdict).toMatchObject({ kind: 'no', message: EventMsg.checkinNotOpen });
  });

  it('reads the code out of the ticket\'s address or a bare code, and nothing else', () => {
    expect(eventCodeIn(eventTicketUrl('https://sq.example.cn', CODE))).toBe(CODE);
    expect(eventCodeIn(CODE)).toBe(CODE);
    expect(eventCodeIn('https://sq.example.cn/xxdetail?code=abc')).toBeNull();
    expect(eventCodeIn('EV1.abc.def')).toBeNull();
    expect(isDoorUrl('https://sq.example.cn/activitycheckin?id=1&door=2')).toBe(true);
  });
});
