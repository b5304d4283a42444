import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_REMOVED_KEEP_DAYS, AlbumMsg, AlbumNotice } from '@sq/contract/albums/album-rules';
import { rowsOf } from '../../src/db/client';
import { runRetention } from '../../src/modules/retention/service';
import { createRetentionRepo } from '../../src/modules/retention/repo';
import { createAuditRepo } from '../../src/modules/audit/repo';
import { boardApi, countOf, HOME, newJoiner, newResident, OTHER } from '../board/board-helpers';
import { smallPhoto } from '../images/image-helpers';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { newEvent, signUp, uploadAlbumPhoto } from './album-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let duty: string;
let manager: string;
let n = 300;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = boardApi(t);
  duty = await staffOf(t, HOME, 2);
  manager = await staffOf(t, HOME, 1);
});
afterAll(() => t?.close());

/** A photo in a new event's album, uploaded by a resident who attended. */
async function albumPhoto() {
  const event = await newEvent(t, HOME);
  const uploader = await newResident(t);
  await signUp(t, event.id, HOME, uploader.userId);
  const hash = await uploadAlbumPhoto(t, uploader.token, await smallPhoto(n++, 'jpeg'), HOME);
  const added = await api.post(`/v1/albums/${event.id}/photos`, uploader.token, { images: [hash] });
  if (added.status !== 200) throw new Error(added.message);
  return { event, uploader, id: added.data.photos[0].id as string, hash };
}

const noticesOf = (userId: string) => countOf(t, `select count(*) as n from notifications where kind = 'photoRemoval' and user_id = '${userId}'`);

describe('asking for a photo of oneself to be removed', () => {
  it('once per person per photo, with an optional reason; managers see it in the queue (duty staff may not)', async () => {
    const { event, id, uploader } = await albumPhoto();
    const me = await newJoiner(t);
    expect((await api.post(`/v1/albums/photos/${id}/removal`, me.token, {})).status).toBe(200);
    expect(await api.post(`/v1/albums/photos/${id}/removal`, me.token, { reason: '再来一次' })).toMatchObject({ status: 409, message: AlbumMsg.alreadyAsked });
    expect(await api.post(`/v1/albums/photos/${id}/removal`, uploader.token, {})).toMatchObject({ status: 400, message: AlbumMsg.ownPhoto });
    expect(await api.post(`/v1/albums/photos/${id}/removal`, me.token, { reason: '长'.repeat(101) })).toMatchObject({ status: 400, message: AlbumMsg.reasonTooLong });
    expect((await api.get(`/v1/albums/${event.id}`, me.token)).data.photos[0].asked).toBe(true);
    const queue = await api.get(`/v1/manage/albums/requests?poiId=${HOME}`, manager);
    expect(queue.data.requests.find((r: { photoId: string }) => r.photoId === id)).toMatchObject({ eventId: event.id, eventTitle: event.title, requesterOpenId: me.openId, reason: '' });
    expect(await api.get(`/v1/manage/albums/requests?poiId=${HOME}`, duty)).toMatchObject({ status: 403, message: AlbumMsg.notStaff });
    expect(await countOf(t, `select count(*) as n from event_photo_requests where photo_id = '${id}'`)).toBe(1);
  });

  it('staff remove it: hidden from the album, every requester and the uploader told, audited; deleted by the retention job after the period', async () => {
    const { event, id, uploader } = await albumPhoto();
    const [a, b] = [await newResident(t), await newResident(t)];
    await api.post(`/v1/albums/photos/${id}/removal`, a.token, { reason: '照片里有我的孩子' });
    await api.post(`/v1/albums/photos/${id}/removal`, b.token, {});
    const decided = await api.post('/v1/manage/albums/requests/decide', manager, { poiId: HOME, photoId: id, requester: a.openId, decision: 'remove', note: '已核实' });
    expect(decided.status, decided.message).toBe(200);
    expect((await api.get(`/v1/albums/${event.id}`, a.token)).data).toMatchObject({ photos: [], event: { count: 0 } });
    expect([await noticesOf(a.userId), await noticesOf(b.userId), await noticesOf(uploader.userId)]).toEqual([1, 1, 1]);
    expect(await countOf(t, `select count(*) as n from notifications where user_id = '${uploader.userId}' and body like '%${AlbumNotice.removedForUploader}%'`)).toBe(1);
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'album.photo.remove' and subject_id = '${id}'`)).toBe(1);
    expect(await api.post('/v1/manage/albums/requests/decide', manager, { poiId: HOME, photoId: id, requester: b.openId, decision: 'keep' })).toMatchObject({ status: 409, message: AlbumMsg.handled });
    // Kept hidden for the period, then gone with its requests and its image.
    const retention = { repo: createRetentionRepo(t.database.db), audit: createAuditRepo(t.database.db) };
    await runRetention(retention, new Date(t.clock.now().getTime() + (ALBUM_REMOVED_KEEP_DAYS - 1) * 86_400_000));
    expect(await countOf(t, `select count(*) as n from event_photos where id = '${id}'`)).toBe(1);
    await runRetention(retention, new Date(t.clock.now().getTime() + (ALBUM_REMOVED_KEEP_DAYS + 1) * 86_400_000));
    expect(await countOf(t, `select count(*) as n from event_photos where id = '${id}'`)).toBe(0);
    expect(await countOf(t, `select count(*) as n from event_photo_requests where photo_id = '${id}'`)).toBe(0);
    expect(await countOf(t, `select count(*) as n from image_refs where ref = 'album:${id}'`)).toBe(0);
  });

  it('staff keep it: the requester is told, the photo stays, the request leaves the queue', async () => {
    const { event, id } = await albumPhoto();
    const me = await newResident(t);
    await api.post(`/v1/albums/photos/${id}/removal`, me.token, {});
    expect(await api.post('/v1/manage/albums/requests/decide', manager, { poiId: HOME, photoId: id, requester: me.openId, decision: 'maybe' })).toMatchObject({ status: 400, message: AlbumMsg.decision });
    expect((await api.post('/v1/manage/albums/requests/decide', manager, { poiId: HOME, photoId: id, requester: me.openId, decision: 'keep' })).status).toBe(200);
    expect(await noticesOf(me.userId)).toBe(1);
    expect((await api.get(`/v1/albums/${event.id}`, me.token)).data.photos.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await api.get(`/v1/manage/albums/requests?poiId=${HOME}`, manager)).data.requests.map((r: { photoId: string }) => r.photoId)).not.toContain(id);
    expect(await api.post(`/v1/albums/photos/${id}/removal`, me.token, {})).toMatchObject({ status: 409, message: AlbumMsg.alreadyAsked });
  });
});

describe('a manager removes a photo nobody asked about', () => {
  it('with a reason the uploader reads; hidden, audited; duty staff, residents and other communities may not', async () => {
    const { event, id, uploader } = await albumPhoto();
    const resident = await newResident(t);
    expect((await api.get(`/v1/albums/${event.id}`, manager)).data.canModerate).toBe(true);
    expect((await api.get(`/v1/albums/${event.id}`, resident.token)).data.canModerate).toBe(false);
    expect((await api.get(`/v1/albums/${event.id}`, duty)).data.canModerate).toBe(false);

    expect(await api.post(`/v1/manage/albums/photos/${id}/remove`, manager, { note: ' ' })).toMatchObject({ status: 400, message: AlbumMsg.removeReason });
    expect(await api.post(`/v1/manage/albums/photos/${id}/remove`, duty, { note: '不合适' })).toMatchObject({ status: 403, message: AlbumMsg.notStaff });
    expect(await api.post(`/v1/manage/albums/photos/${id}/remove`, resident.token, { note: '不合适' })).toMatchObject({ status: 403 });
    const stranger = await staffOf(t, OTHER, 1);
    expect((await api.post(`/v1/manage/albums/photos/${id}/remove`, stranger, { note: '不合适' })).status).toBe(403);
    expect(await countOf(t, `select count(*) as n from event_photos where id = '${id}' and status = 'visible'`)).toBe(1);

    const removed = await api.post(`/v1/manage/albums/photos/${id}/remove`, manager, { note: '照片中有未成年人正脸，联系 13912345678' });
    expect(removed.status, removed.message).toBe(200);
    expect((await api.get(`/v1/albums/${event.id}`, resident.token)).data).toMatchObject({ photos: [], event: { count: 0 } });
    // The uploader reads why – with the mobile in it masked, as every text staff write.
    const [notice] = rowsOf<{ body: string }>(await t.database.db.execute(sql`select body from notifications where kind = 'photoRemoval' and user_id = ${uploader.userId}`));
    expect(notice!.body).toContain(AlbumNotice.removedByStaff);
    expect(notice!.body).toContain('未成年人');
    expect(notice!.body).not.toContain('13912345678');
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'album.photo.remove' and subject_id = '${id}'`)).toBe(1);
    expect(await api.post(`/v1/manage/albums/photos/${id}/remove`, manager, { note: '再删一次' })).toMatchObject({ status: 404, message: AlbumMsg.photoNotFound });
  });
});
