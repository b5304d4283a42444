import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_THUMB_MAX_SIDE, IMAGE_UPLOADS_PER_HOUR, IMAGE_WEB_MAX_SIDE, ImageMsg, imageUrl } from '@sq/contract/images/image-rules';
import { images } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOME, HOUR, OTHER, imageCount, memberOf, phonePhoto, readerOf, smallPhoto, upload, webpChunks } from './image-helpers';

let t: TestApp;
let member: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  member = await memberOf(t, HOME);
});
afterAll(() => t?.close());

describe('POST /v1/images', () => {
  it('stores a 4000 × 3000 phone photo upright at the web size and as a square thumbnail, with no EXIF, GPS, XMP or profile left', async () => {
    const photo = await phonePhoto();
    // The input really carries what must go.
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(39.9075, 3), longitude: expect.closeTo(116.3914, 3) });
    expect(await sharp(photo).metadata()).toMatchObject({ width: 4000, height: 3000, orientation: 6 });

    const res = await upload(t, member.token, photo);
    expect(res.status, res.body.message).toBe(200);
    const { hash } = res.body.data;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Orientation 6: shown a quarter turn clockwise, so the stored 4000 × 3000 stands 3000 × 4000.
    expect(res.body.data).toEqual({ hash, url: imageUrl(HOME, hash), thumbUrl: imageUrl(HOME, hash, 'thumb'), width: 1200, height: IMAGE_WEB_MAX_SIDE });

    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { token: member.token } });
    for (const [url, width, height] of [
      [res.body.data.url, 1200, 1600],
      [res.body.data.thumbUrl, IMAGE_THUMB_MAX_SIDE, IMAGE_THUMB_MAX_SIDE],
    ] as const) {
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
      // WebP keeps EXIF, XMP and a profile in chunks of their own: only the picture's are there.
      expect(webpChunks(bytes).filter((c) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toEqual([]);
      // Nor anywhere in the bytes: no EXIF header, no coordinates in any form.
      for (const needle of ['Exif', 'GPS', 'iPhone', '39,54', 'xmpmeta']) expect(bytes.includes(needle), needle).toBe(false);
      // The EXIF reader finds nothing it could read in the re-encoded photo read back as a JPEG either.
      const asJpeg = await sharp(bytes).jpeg().keepMetadata().toBuffer();
      expect(await exifr.gps(asJpeg)).toBeUndefined();
      // Upright: blue (the stored bottom) on the left, red (the stored top) on the right.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const mid = Math.floor(info.height / 2);
      expect(px(5, mid)[2]).toBeGreaterThan(200);
      expect(px(info.width - 5, mid)[0]).toBeGreaterThan(200);
    }

    // The hash is the web size's bytes'.
    const web = (await get(res.body.data.url)).rawPayload;
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(web).digest('base64url')).toBe(hash);
  });

  it('takes PNG, WebP and AVIF, and a body sent as application/octet-stream; never enlarges a small photo', async () => {
    for (const [n, format] of [
      [1, 'png'],
      [2, 'webp'],
      [3, 'avif'],
    ] as const) {
      const res = await upload(t, member.token, await smallPhoto(n, format), `image/${format}`);
      expect(res.status, `${format}: ${res.body.message}`).toBe(200);
      expect(res.body.data).toMatchObject({ width: 64, height: 48 });
      const thumb = await t.app.inject({ method: 'GET', url: res.body.data.thumbUrl, headers: { token: member.token } });
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 48, height: 48 });
    }
    const octet = await upload(t, member.token, await smallPhoto(4, 'jpeg'), 'application/octet-stream');
    expect(octet.status, octet.body.message).toBe(200);
    // The type named by the phone is not trusted: a PNG called JPEG is read as the PNG it is.
    expect((await upload(t, member.token, await smallPhoto(5, 'png'), 'image/jpeg')).status).toBe(200);
  });

  it('keeps the same photo uploaded twice as one row', async () => {
    const photo = await smallPhoto(10);
    const before = await imageCount(t);
    const first = await upload(t, member.token, photo, 'image/png');
    const again = await upload(t, member.token, photo, 'image/png');
    expect(again.body.data).toEqual(first.body.data);
    expect(await imageCount(t)).toBe(before + 1);
  });

  it('refuses what is not a photo, an empty body, a broken photo, HEIC and a body over the limit, storing nothing', async () => {
    const before = await imageCount(t);
    const photo = await phonePhoto(1200, 900, 3);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), randomBytes(2000)]);
    const cases: [string, Buffer | string, string, number, string][] = [
      ['a text file called .jpg', Buffer.from('这不是图片，只是一段文字。'.repeat(20)), 'image/jpeg', 400, ImageMsg.notImage],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml', 400, ImageMsg.notImage],
      ['a GIF', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).gif().toBuffer(), 'image/gif', 400, ImageMsg.notImage],
      ['nothing', Buffer.alloc(0), 'image/jpeg', 400, ImageMsg.empty],
      ['a cut-off JPEG', photo.subarray(0, Math.floor(photo.length * 0.6)), 'image/jpeg', 400, ImageMsg.unreadable],
      ['an iPhone HEIC', heic, 'image/heic', 400, ImageMsg.heic],
      ['11 MB', Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]), 'image/jpeg', 413, ImageMsg.tooLarge],
      ['11 MB as octet-stream', Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]), 'application/octet-stream', 413, ImageMsg.tooLarge],
      ['a PNG of 12,000 × 9,000 pixels', await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#fff' } }).png().toBuffer(), 'image/png', 400, ImageMsg.pixels],
    ];
    for (const [what, body, type, status, message] of cases) {
      const res = await upload(t, member.token, body, type);
      expect({ what, status: res.status, body: res.body }).toEqual({ what, status, body: { code: status, message, data: null } });
    }
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(await imageCount(t)).toBe(before);
  });

  it(`refuses the ${IMAGE_UPLOADS_PER_HOUR + 1}st upload within an hour, also when they race, and takes photos again an hour later`, async () => {
    const racer = await memberOf(t, HOME);
    // Earlier uploads of the hour, all but the last two places taken.
    const at = t.clock.now();
    await t.database.db.insert(images).values(
      Array.from({ length: IMAGE_UPLOADS_PER_HOUR - 2 }, (_, i) => ({
        poiId: HOME,
        hash: `earlier-${i}`.padEnd(43, 'x'),
        uploaderId: racer.userId,
        mime: 'image/webp',
        web: Buffer.from('w'),
        thumb: Buffer.from('t'),
        width: 1,
        height: 1,
        createdAt: new Date(at.getTime() - 30 * 60_000),
      })),
    );
    const before = await imageCount(t);
    const photos = await Promise.all([100, 101, 102, 103].map((n) => smallPhoto(n)));
    const answers = await Promise.all(photos.map((p) => upload(t, racer.token, p, 'image/png')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
    expect(answers.find((a) => a.status === 429)!.body).toEqual({ code: 429, message: ImageMsg.tooMany, data: null });
    expect(await imageCount(t)).toBe(before + 2);
    // The limit is the person's in that community: someone else uploads as usual.
    expect((await upload(t, member.token, await smallPhoto(104), 'image/png')).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await upload(t, racer.token, photos[3]!, 'image/png')).status).toBe(200);
  });

  it('takes photos only from members of the community, logged in', async () => {
    const before = await imageCount(t);
    const photo = await smallPhoto(200);
    const stranger = await memberOf(t, OTHER);
    expect((await upload(t, stranger.token, photo, 'image/png')).body).toMatchObject({ code: 403, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    // Joined the community to read it, but neither lives nor works there: may look, not post.
    const reader = await readerOf(t, HOME);
    expect((await upload(t, reader.token, photo, 'image/png')).body).toEqual({ code: 403, message: ImageMsg.notMember, data: null });
    expect((await upload(t, null, photo, 'image/png')).status).toBe(423);
    expect((await upload(t, member.token, photo, 'image/png', 'NO-SUCH-PLACE')).status).toBe(404);
    expect(await imageCount(t)).toBe(before);
  });
});
