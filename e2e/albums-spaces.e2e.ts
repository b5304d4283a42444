import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SpaceMsg } from '@sq/contract/spaces/space-rules';
import { events, spaces, unitOwners, units } from '@sq/server/db/schema';
import { artifactPath } from './support/browser';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
const RESIDENT = '13800000004';
const HOME = 'DEMO000001';
const HOUR = 3_600_000;
const h = usePhoneHarness();

/** A new person with a home in HOME's register (a resident who may book and read albums). */
async function newResident(mobile: string): Promise<string> {
  const db = h.server.database.db;
  const [unit] = await db.insert(units).values({ poiId: HOME, building: '97', room: mobile.slice(-4), areaCenti: 9000 }).returning({ id: units.id });
  await db.insert(unitOwners).values({ unitId: unit!.id, mobileHash: h.server.pii.hash(mobile), mobileEnc: h.server.pii.encrypt(mobile), sort: 0 });
  return mobile;
}

/** Beijing, Tiananmen: where the photo says it was taken – what the album must never serve. */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2700/100', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 2900/100' };
const gpsPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 220, g: 160, b: 60 } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: GPS })
    .toBuffer();

describe('社区相册 (/albums)', () => {
  it('staff add a phone photo to an event’s album; it is served without EXIF; a neighbour asks for its removal', async () => {
    // The event is written directly: events-core's POST /v1/events is not on this branch yet.
    const now = Date.now();
    const [event] = await h.server.database.db
      .insert(events)
      .values({
        poiId: HOME,
        kind: 'festival',
        title: '重阳节敬老茶话会',
        place: '社区活动室',
        startsAt: new Date(now - HOUR),
        endsAt: new Date(now + HOUR),
        signupOpensAt: new Date(now - 48 * HOUR),
        signupClosesAt: new Date(now - 2 * HOUR),
        cancelUntil: new Date(now - 2 * HOUR),
        capacity: 40,
        audience: 'residents',
        status: 'published',
        byStaff: true,
        ticketKey: randomBytes(32),
      })
      .returning({ id: events.id });
    const original = await gpsPhoto();
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(39.9075, 3);

    const staff = await h.phones.phone(ADMIN);
    await staff.page.goto(`/albums?event=${event!.id}`);
    await staff.page.getByRole('heading', { name: '重阳节敬老茶话会' }).waitFor();
    await staff.page.getByRole('button', { name: /上传照片/ }).waitFor();
    await staff.page.locator('[data-testid="album-file"]').setInputFiles([{ name: 'party.jpg', mimeType: 'image/jpeg', buffer: original }]);
    const thumb = staff.page.getByRole('button', { name: '查看第1张照片' });
    await thumb.waitFor({ timeout: 20_000 });
    await expect.poll(() => thumb.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth > 0)).toBe(true);
    await staff.page.screenshot({ path: artifactPath('album-staff.png'), fullPage: true });
    await staff.context.close();

    // As served (web size and thumbnail): no EXIF, no position, read with a real EXIF reader.
    const token = await h.phones.token(ADMIN);
    const album = await h.phones.api<{ photos: { id: string; url: string; thumbUrl: string }[] }>(ADMIN, `/v1/albums/${event!.id}`, {}, 'GET');
    expect(album.data.photos).toHaveLength(1);
    for (const url of [album.data.photos[0]!.url, album.data.photos[0]!.thumbUrl]) {
      const res = await fetch(new URL(url, h.server.origin), { headers: { token } });
      expect(res.status).toBe(200);
      const served = Buffer.from(await res.arrayBuffer());
      for (const needle of ['Exif', 'GPS', 'iPhone']) expect(served.includes(needle), needle).toBe(false);
      expect(await exifr.gps(await sharp(served).jpeg().keepMetadata().toBuffer())).toBeUndefined();
    }

    // A resident opens the album full screen and asks for the photo's removal.
    const neighbour = await h.phones.phone(RESIDENT);
    await neighbour.page.goto(`/albums?poiId=${HOME}`);
    await neighbour.page.getByRole('link', { name: /重阳节敬老茶话会/ }).click();
    await neighbour.page.getByRole('button', { name: '查看第1张照片' }).click();
    // The viewer's footer sits in antd-mobile's full-screen layer (read by its text there).
    const footer = neighbour.page.locator('.al-viewer-footer');
    await footer.getByText('申请删除').click();
    await neighbour.page.getByRole('textbox', { name: '原因' }).fill('照片里有我');
    await neighbour.page.getByRole('button', { name: '提交申请' }).click();
    await footer.getByText('已申请删除').waitFor();
    await neighbour.page.screenshot({ path: artifactPath('album-viewer.png') });
    await neighbour.context.close();
    const queue = await h.phones.api<{ requests: { photoId: string; reason: string }[] }>(ADMIN, '/v1/manage/albums/requests', { poiId: HOME }, 'GET');
    expect(queue.data.requests).toContainEqual(expect.objectContaining({ photoId: album.data.photos[0]!.id, reason: '照片里有我' }));
  });
});

describe('场地预约 (/area)', () => {
  it('a resident books a slot; a second booking of the same slot is refused with the message', async () => {
    const [space] = await h.server.database.db
      .insert(spaces)
      .values({ poiId: HOME, name: '二楼多功能活动室', rules: '用后请关灯锁门', hours: Array.from({ length: 7 }, () => [480, 1260] as [number, number]), slotMinutes: 60 })
      .returning({ id: spaces.id });
    const second = await h.phones.phone(await newResident('13622220101'));
    const first = await h.phones.phone(RESIDENT);

    // The second resident opens the day first: 10:00 is free on their screen.
    for (const phone of [second, first]) {
      await phone.page.goto(`/area?poiId=${HOME}`);
      await phone.page.getByRole('link', { name: /二楼多功能活动室/ }).click();
      await phone.page.getByRole('tab', { name: /明天/ }).click();
      await phone.page.getByRole('button', { name: /10:00–11:00\s*可预约/ }).waitFor();
    }

    await first.page.getByRole('button', { name: /10:00–11:00/ }).click();
    await first.page.getByRole('button', { name: /^预约 / }).click();
    await first.page.getByText('预约成功').waitFor();
    await first.page.getByRole('button', { name: /10:00–11:00\s*我的预约/ }).waitFor();
    await first.page.getByRole('region', { name: '我的预约' }).getByText(/10:00–11:00/).waitFor();
    await first.page.screenshot({ path: artifactPath('area-booked.png'), fullPage: true });

    await second.page.getByRole('button', { name: /10:00–11:00/ }).click();
    await second.page.getByRole('button', { name: /^预约 / }).click();
    await second.page.getByRole('alert').getByText(SpaceMsg.taken).waitFor();
    // Refused, the day is read again: the slot shows taken, nobody named.
    await second.page.getByRole('button', { name: /10:00–11:00\s*已预约/ }).waitFor();
    await second.page.screenshot({ path: artifactPath('area-refused.png'), fullPage: true });
    await Promise.all([first.context.close(), second.context.close()]);

    const day = await h.phones.api<{ bookings: { spaceId: string; status: string }[] }>(ADMIN, '/v1/manage/spaces/bookings', { poiId: HOME, pending: '0', date: new Date(Date.now() + 8 * HOUR + 24 * HOUR).toISOString().slice(0, 10) }, 'GET');
    expect(day.data.bookings.filter((b) => b.spaceId === space!.id)).toHaveLength(1);
  });
});
