import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACE_BOOKINGS_KEEP_DAYS, SpaceMsg } from '@sq/contract/spaces/space-rules';
import { createAuditRepo } from '../../src/modules/audit/repo';
import { runRetention } from '../../src/modules/retention/service';
import { createRetentionRepo } from '../../src/modules/retention/repo';
import { createEventReservations } from '../../src/modules/spaces/reserve';
import { newEvent } from '../albums/album-helpers';
import { boardApi, countOf, HOME, newResident, OTHER } from '../board/board-helpers';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { at, newSpace } from './spaces-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
});
afterAll(() => t?.close());

const seconds = (s: number) => new Date(s * 1000);

describe('an event reserves its space (reserveForEvent)', () => {
  it('holds the time (residents see it taken); a time already booked refuses the event with the message, inside the caller’s transaction too', async () => {
    const space = await newSpace(t, HOME);
    const reservations = createEventReservations(t.database.db);
    const event = await newEvent(t, HOME, { startsAt: seconds(at(t, 1, 14)), endsAt: seconds(at(t, 1, 16)) });
    await reservations.reserveForEvent(undefined, { spaceId: space.id, eventId: event.id, startsAt: event.startsAt, endsAt: event.endsAt });
    const resident = await newResident(t);
    expect(await boardApi(t).post(`/v1/spaces/${space.id}/book`, resident.token, { startsAt: at(t, 1, 15) })).toMatchObject({ status: 409, message: SpaceMsg.taken });
    const clash = await newEvent(t, HOME, { startsAt: seconds(at(t, 1, 15)), endsAt: seconds(at(t, 1, 17)) });
    // The caller's own transaction: the refusal rolls back to a savepoint, the caller decides.
    const refused = await t.database.db
      .transaction(async (tx) => {
        await reservations.reserveForEvent(tx, { spaceId: space.id, eventId: clash.id, startsAt: clash.startsAt, endsAt: clash.endsAt });
        return null;
      })
      .catch((e: Error & { statusCode?: number }) => e);
    expect(refused).toMatchObject({ message: SpaceMsg.eventTaken });
    const otherCommunity = await newEvent(t, OTHER);
    await expect(reservations.reserveForEvent(undefined, { spaceId: space.id, eventId: otherCommunity.id, startsAt: seconds(at(t, 2, 9)), endsAt: seconds(at(t, 2, 10)) })).rejects.toMatchObject({ message: SpaceMsg.notFound });
    await reservations.releaseForEvent(undefined, event.id);
    expect((await boardApi(t).post(`/v1/spaces/${space.id}/book`, resident.token, { startsAt: at(t, 1, 15) })).status).toBe(200);
  });

  it('POST /v1/events with a space reserves it; a time a resident holds refuses the event with the message, nothing written', async () => {
    const space = await newSpace(t, HOME);
    const manager = await staffOf(t, HOME, 1);
    const resident = await newResident(t);
    expect((await boardApi(t).post(`/v1/spaces/${space.id}/book`, resident.token, { startsAt: at(t, 4, 10) })).status).toBe(200);
    const form = (hour: number) => ({ poiId: HOME, kind: 'health', title: '义诊', place: '活动室', startsAt: at(t, 4, hour), endsAt: at(t, 4, hour + 2), capacity: 20, spaceId: space.id });
    const before = await countOf(t, `select count(*) as n from events`);
    expect(await boardApi(t).post('/v1/events', manager, form(9))).toMatchObject({ status: 409, message: SpaceMsg.eventTaken });
    expect(await countOf(t, `select count(*) as n from events`)).toBe(before);
    const made = await boardApi(t).post('/v1/events', manager, form(14));
    expect(made.status, made.message).toBe(200);
    expect(await countOf(t, `select count(*) as n from space_bookings where space_id = '${space.id}' and event_id = '${made.data.id}' and status = 'approved'`)).toBe(1);
    // Moved onto the resident's time: refused, the event keeps its time and its hold.
    expect(await boardApi(t).post(`/v1/events/${made.data.id}/edit`, manager, { ...form(10), poiId: undefined })).toMatchObject({ status: 409, message: SpaceMsg.eventTaken });
    expect(await countOf(t, `select count(*) as n from space_bookings where event_id = '${made.data.id}' and status = 'approved' and starts_at = to_timestamp(${at(t, 4, 14)})`)).toBe(1);
    // Moved to a free time: the hold moves with it.
    expect((await boardApi(t).post(`/v1/events/${made.data.id}/edit`, manager, { ...form(17), poiId: undefined })).status).toBe(200);
    expect(await countOf(t, `select count(*) as n from space_bookings where event_id = '${made.data.id}' and status = 'approved' and starts_at = to_timestamp(${at(t, 4, 17)})`)).toBe(1);
    // Cancelled: the space is free again.
    expect((await boardApi(t).post(`/v1/events/${made.data.id}/cancel`, manager, { reason: '天气原因' })).status).toBe(200);
    expect((await boardApi(t).post(`/v1/spaces/${space.id}/book`, resident.token, { startsAt: at(t, 4, 17) })).status).toBe(200);
  });

  it('the retention job deletes bookings that ended more than the period ago', async () => {
    const space = await newSpace(t, HOME);
    const resident = await newResident(t);
    expect((await boardApi(t).post(`/v1/spaces/${space.id}/book`, resident.token, { startsAt: at(t, 1, 10) })).status).toBe(200);
    const retention = { repo: createRetentionRepo(t.database.db), audit: createAuditRepo(t.database.db) };
    await runRetention(retention, new Date(t.clock.now().getTime() + (SPACE_BOOKINGS_KEEP_DAYS - 1) * 86_400_000));
    expect(await countOf(t, `select count(*) as n from space_bookings where space_id = '${space.id}'`)).toBe(1);
    await runRetention(retention, new Date(t.clock.now().getTime() + (SPACE_BOOKINGS_KEEP_DAYS + 2) * 86_400_000));
    expect(await countOf(t, `select count(*) as n from space_bookings where space_id = '${space.id}'`)).toBe(0);
  });
});
