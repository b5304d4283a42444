import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_PHOTOS_PER_PERSON, AlbumMsg } from '@sq/contract/albums/album-rules';
import { boardApi, countOf, HOME, newJoiner, newResident, OTHER } from '../board/board-helpers';
import { phonePhoto, smallPhoto } from '../images/image-helpers';
import { staffOf } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOUR, newEvent, signUp, uploadAlbumPhoto } from './album-helpers';

let t: TestApp;
let api: ReturnType<typeof boardApi>;
let duty: string;
let photoN = 100;
const photo = () => smallPhoto(photoN++, 'jpeg');

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = boardApi(t);
  duty = await staffOf(t, HOME, 2);
});
afterAll(() => t?.close());

describe('an event’s album (/albums?event=)', () => {
  it('staff add a phone photo after the start; it is served resized without EXIF or GPS, newest first', async () => {
    const event = await newEvent(t, HOME);
    const original = await phonePhoto(4000, 3000);
    expect(await exifr.gps(original)).toBeTruthy();
    const hash = await uploadAlbumPhoto(t, duty, original, HOME);
    const later = await uploadAlbumPhoto(t, duty, await photo(), HOME);
    const added = await api.post(`/v1/albums/${event.id}/photos`, duty, { images: [hash, later] });
    expect(added.status, added.message).toBe(200);
    expect(added.data.left).toBe(ALBUM_PHOTOS_PER_PERSON - 2);
    const album = await api.get(`/v1/albums/${event.id}`, duty);
    expect(album.data.photos.map((p: { hash: string }) => p.hash)).toEqual([later, hash]);
    expect(album.data.event.count).toBe(2);
    const served = await t.app.inject({ method: 'GET', url: album.data.photos[1].url, headers: { token: duty } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const bytes = served.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
    for (const needle of ['Exif', 'GPS', 'iPhone', 'xmpmeta']) expect(bytes.includes(needle), needle).toBe(false);
    // Read back as a JPEG with whatever metadata survived: the EXIF reader finds no position.
    expect(await exifr.gps(await sharp(bytes).jpeg().keepMetadata().toBuffer())).toBeUndefined();
    expect(Math.max(album.data.photos[1].width, album.data.photos[1].height)).toBe(1600);
    const reader = await newJoiner(t);
    const listed = await api.get(`/v1/albums?poiId=${HOME}`, reader.token);
    expect(listed.data.albums.find((a: { eventId: string }) => a.eventId === event.id)).toMatchObject({ count: 2, cover: { hash: later } });
  });

  it('refuses photos before the start, and attendees where the event does not allow them', async () => {
    const soon = await newEvent(t, HOME, { startsAt: new Date(t.clock.now().getTime() + HOUR), endsAt: new Date(t.clock.now().getTime() + 2 * HOUR) });
    const hash = await uploadAlbumPhoto(t, duty, await photo(), HOME);
    expect(await api.post(`/v1/albums/${soon.id}/photos`, duty, { images: [hash] })).toMatchObject({ status: 403, message: AlbumMsg.notStarted });
    const staffOnly = await newEvent(t, HOME, { attendeePhotos: false });
    const person = await newResident(t);
    await signUp(t, staffOnly.id, HOME, person.userId);
    const own = await uploadAlbumPhoto(t, person.token, await photo(), HOME);
    expect(await api.post(`/v1/albums/${staffOnly.id}/photos`, person.token, { images: [own] })).toMatchObject({ status: 403, message: AlbumMsg.attendeesOff });
    const album = await api.get(`/v1/albums/${staffOnly.id}`, person.token);
    expect(album.data).toMatchObject({ canAdd: false, why: AlbumMsg.attendeesOff, left: 0 });
    expect(await countOf(t, `select count(*) as n from event_photos where event_id in ('${soon.id}', '${staffOnly.id}')`)).toBe(0);
  });

  it('attendees (a confirmed sign-up) add their own uploads only, up to the limit per person; others may not', async () => {
    const event = await newEvent(t, HOME);
    const [attendee, waiting, stranger] = [await newResident(t), await newResident(t), await newResident(t)];
    await signUp(t, event.id, HOME, attendee.userId);
    await signUp(t, event.id, HOME, waiting.userId, 'waiting');
    const mine = await uploadAlbumPhoto(t, attendee.token, await photo(), HOME);
    const strangers = await uploadAlbumPhoto(t, stranger.token, await photo(), HOME);
    expect(await api.post(`/v1/albums/${event.id}/photos`, attendee.token, { images: [strangers] })).toMatchObject({ status: 400, message: AlbumMsg.imageNotFound });
    expect((await api.post(`/v1/albums/${event.id}/photos`, attendee.token, { images: [mine] })).status).toBe(200);
    for (const p of [waiting, stranger]) {
      const h = await uploadAlbumPhoto(t, p.token, await photo(), HOME);
      expect(await api.post(`/v1/albums/${event.id}/photos`, p.token, { images: [h] })).toMatchObject({ status: 403, message: AlbumMsg.notAllowed });
    }
    // The limit, under parallel requests: never more than ALBUM_PHOTOS_PER_PERSON.
    const hashes: string[] = [];
    for (let i = 0; i < ALBUM_PHOTOS_PER_PERSON; i++) hashes.push(await uploadAlbumPhoto(t, duty, await photo(), HOME));
    const chunks = [hashes.slice(0, 9), hashes.slice(9, 18), hashes.slice(18, 27), [...hashes.slice(27), hashes[0]!]];
    await Promise.all(chunks.map((images) => api.post(`/v1/albums/${event.id}/photos`, attendee.token, { images })));
    expect(await countOf(t, `select count(*) as n from event_photos where event_id = '${event.id}' and uploader_id = '${attendee.userId}'`)).toBeLessThanOrEqual(ALBUM_PHOTOS_PER_PERSON);
  });

  it('bad input is 400 with nothing written', async () => {
    const event = await newEvent(t, HOME);
    const cases: [object, string][] = [
      [{ images: [] }, AlbumMsg.imagesRequired],
      [{}, AlbumMsg.imagesRequired],
      [{ images: Array.from({ length: 10 }, () => 'x'.repeat(43)) }, AlbumMsg.tooManyAtOnce],
      [{ images: ['not-a-hash'] }, expect.any(String)],
    ];
    for (const [body, message] of cases) expect(await api.post(`/v1/albums/${event.id}/photos`, duty, body), JSON.stringify(body)).toMatchObject({ status: 400, message });
    expect(await api.get(`/v1/albums/${event.id}?cursor=bogus`, duty)).toMatchObject({ status: 400 });
    expect(await countOf(t, `select count(*) as n from event_photos where event_id = '${event.id}'`)).toBe(0);
  });

  it('the uploader deletes their own photo; nobody else may', async () => {
    const event = await newEvent(t, HOME);
    const hash = await uploadAlbumPhoto(t, duty, await photo(), HOME);
    const id = (await api.post(`/v1/albums/${event.id}/photos`, duty, { images: [hash] })).data.photos[0].id;
    const other = await newResident(t);
    expect(await api.post(`/v1/albums/photos/${id}/delete`, other.token)).toMatchObject({ status: 403, message: AlbumMsg.notUploader });
    expect((await api.post(`/v1/albums/photos/${id}/delete`, duty)).status).toBe(200);
    expect((await api.get(`/v1/albums/${event.id}`, duty)).data).toMatchObject({ photos: [], event: { count: 0 } });
  });

  it('other communities get 403 on every album endpoint, and nothing is written', async () => {
    const event = await newEvent(t, HOME);
    const hash = await uploadAlbumPhoto(t, duty, await photo(), HOME);
    const id = (await api.post(`/v1/albums/${event.id}/photos`, duty, { images: [hash] })).data.photos[0].id;
    const outsider = await newResident(t, OTHER);
    const otherManager = await staffOf(t, OTHER, 1);
    for (const token of [outsider.token, otherManager]) {
      expect((await api.get(`/v1/albums?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.get(`/v1/albums/${event.id}`, token)).status).toBe(403);
      expect((await api.post(`/v1/albums/${event.id}/photos`, token, { images: [hash] })).status).toBe(403);
      expect((await api.post(`/v1/albums/photos/${id}/delete`, token)).status).toBe(403);
      expect((await api.post(`/v1/albums/photos/${id}/removal`, token, { reason: '' })).status).toBe(403);
      expect((await api.get(`/v1/manage/albums/requests?poiId=${HOME}`, token)).status).toBe(403);
      expect((await api.post('/v1/manage/albums/requests/decide', token, { poiId: HOME, photoId: id, requester: 'x', decision: 'remove' })).status).toBe(403);
    }
    expect(await countOf(t, `select count(*) as n from event_photo_requests where photo_id = '${id}'`)).toBe(0);
    expect(await countOf(t, `select count(*) as n from event_photos where id = '${id}' and status = 'visible'`)).toBe(1);
  });
});
