import http from 'node:http';
import type { AddressInfo } from 'node:net';
import exifr from 'exifr';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageMsg, imageUrl } from '@sq/contract/images/image-rules';
import { createAuditRepo } from '../../src/modules/audit/repo';
import { ConfigError, loadConfig } from '../../src/config';
import { objectUrl } from '../../src/modules/images/s3-objects';
import { objectKey, imageStoreFrom } from '../../src/modules/images/store';
import { createImageUses } from '../../src/modules/images/uses';
import { createRetentionRepo } from '../../src/modules/retention/repo';
import { runRetention } from '../../src/modules/retention/service';
import { startFakeS3 } from '../support/fake-s3';
import { createTestApp, type TestApp } from '../support/test-app';
import { HOME, HOUR, OTHER, imageCount, memberOf, phonePhoto, readerOf, smallPhoto, upload, webpChunks } from './image-helpers';

// IMAGE_STORE=s3 (docs/decisions/cluster.md "Photos in an S3-compatible store"): the bytes in an
// S3-compatible store – here a local fake that checks each request's SigV4 header – the rows in
// PostgreSQL, every photo still served through the app and its checks.

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: TestApp;
let member: { token: string; userId: string };

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn', ...s3.env } });
  member = await memberOf(t, HOME);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });
const rowOf = async (hash: string) =>
  ((await t.database.db.execute(sql`select store, web is null as no_web, thumb is null as no_thumb from images where poi_id = ${HOME} and hash = ${hash}`)) as unknown as {
    rows: { store: string; no_web: boolean; no_thumb: boolean }[];
  }).rows[0];
const retention = () => runRetention({ repo: createRetentionRepo(t.database.db, imageStoreFrom(t.config)), audit: createAuditRepo(t.database.db) }, t.clock.now());

describe('photos in an S3-compatible store', () => {
  it('keeps both sizes as signed objects and only the metadata in PostgreSQL; serves the same bytes, without EXIF, with the same cache headers', async () => {
    const photo = await phonePhoto();
    const res = await upload(t, member.token, photo);
    expect(res.status, res.body.message).toBe(200);
    const { hash, url, thumbUrl } = res.body.data;
    expect(res.body.data).toMatchObject({ width: 1200, height: 1600 });

    expect(s3.state.refused).toBe(0);
    expect([...s3.state.objects.keys()].filter((k) => k.includes(hash)).sort()).toEqual([objectKey(HOME, hash, 'thumb'), objectKey(HOME, hash, 'web')]);
    expect(await rowOf(hash)).toEqual({ store: 's3', no_web: true, no_thumb: true });

    for (const [path, size] of [
      [url, 'web'],
      [thumbUrl, 'thumb'],
    ] as const) {
      const served = await get(path, { token: member.token });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'private, max-age=31536000, immutable', etag: `"${hash}"` });
      const object = s3.state.objects.get(objectKey(HOME, hash, size))!;
      expect(object.type).toBe('image/webp');
      expect(served.rawPayload.equals(object.body)).toBe(true);
      // What was stored is what the upload made: no EXIF, GPS or XMP, nothing but the picture's chunks.
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
      expect(webpChunks(served.rawPayload).filter((c) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toEqual([]);
      expect(await exifr.gps(await sharp(served.rawPayload).jpeg().keepMetadata().toBuffer())).toBeUndefined();
      for (const needle of ['Exif', 'GPS', 'iPhone', 'xmpmeta']) expect(served.rawPayload.includes(needle), needle).toBe(false);
      // A known ETag is answered without asking the store.
      const asked = s3.state.requests.length;
      expect((await get(path, { token: member.token, 'if-none-match': `"${hash}"` })).statusCode).toBe(304);
      expect(s3.state.requests.length).toBe(asked);
    }
    // The secret never reaches the log.
    expect(t.logs()).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });

  it('checks who may see a photo as before: a reader of the community yes, another community and nobody logged in no', async () => {
    const { hash, url, thumbUrl } = (await upload(t, member.token, await smallPhoto(31), 'image/png')).body.data;
    const reader = await readerOf(t, HOME);
    const stranger = await memberOf(t, OTHER);
    for (const path of [url, thumbUrl]) {
      expect((await get(path, { token: reader.token })).statusCode).toBe(200);
      expect((await get(path, { token: stranger.token })).statusCode).toBe(403);
      expect((await get(path)).json()).toMatchObject({ code: 423, data: null });
    }
    expect((await get(imageUrl(OTHER, hash), { token: stranger.token })).json()).toEqual({ code: 404, message: ImageMsg.notFound, data: null });
    // A reader may see, not upload.
    expect((await upload(t, reader.token, await smallPhoto(32), 'image/png')).status).toBe(403);
  });

  it('answers 503 in Chinese and writes no row when the store fails; a photo whose object is gone is a clear 404, never cached', async () => {
    const before = await imageCount(t);
    const objects = s3.state.objects.size;
    s3.state.failing = true;
    try {
      const res = await upload(t, member.token, await smallPhoto(33), 'image/png');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 503, message: ImageMsg.storeDown, data: null });
    } finally {
      s3.state.failing = false;
    }
    expect(await imageCount(t)).toBe(before);
    expect(s3.state.objects.size).toBe(objects);
    // One size in, the other refused: the one that went in is taken out again – also when it
    // lands after the refusal (a slow store), so the delete must not overtake it.
    s3.state.failPut = /thumb\.webp$/;
    s3.state.slowPut = { key: /web\.webp$/, ms: 1500 };
    const seen = s3.state.requests.length;
    try {
      expect((await upload(t, member.token, await smallPhoto(39), 'image/png')).status).toBe(503);
    } finally {
      s3.state.failPut = null;
      s3.state.slowPut = null;
    }
    await s3.settled();
    const asked = s3.state.requests.slice(seen).map((r) => `${r.method} ${r.key.split('/').pop()}`);
    expect(asked).toContain('PUT web.webp');
    expect(asked).toContain('DELETE web.webp');
    expect(await imageCount(t)).toBe(before);
    expect(s3.state.objects.size).toBe(objects);

    const { hash, url, thumbUrl } = (await upload(t, member.token, await smallPhoto(34), 'image/png')).body.data;
    s3.state.failing = true;
    try {
      const down = await get(url, { token: member.token });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ code: 503, message: ImageMsg.storeDown, data: null });
      expect(down.headers['cache-control']).toBe('no-store');
    } finally {
      s3.state.failing = false;
    }

    s3.state.objects.delete(objectKey(HOME, hash, 'thumb'));
    const missing = await get(thumbUrl, { token: member.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: ImageMsg.fileMissing, data: null });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(t.logs()).toContain('image object missing');
    expect((await get(url, { token: member.token })).statusCode).toBe(200);
  });

  it('answers 503 and writes nothing when the store does not answer at all', async () => {
    // A port nothing listens on.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn', ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` } });
    try {
      const someone = await memberOf(away, HOME);
      const res = await upload(away, someone.token, await smallPhoto(35), 'image/png');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 503, message: ImageMsg.storeDown, data: null });
      const rows = (await away.database.db.execute(sql`select count(*)::int as n from images where uploader_id = ${someone.userId}`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(0);
      expect(away.logs()).toContain('image store unavailable');
      expect(away.logs()).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    } finally {
      await away.close();
    }
  });

  it('deletes the objects with the row when retention deletes an unused photo; keeps the row while the store is away', async () => {
    const uses = createImageUses();
    const unused = (await upload(t, member.token, await smallPhoto(36), 'image/png')).body.data.hash;
    const posted = (await upload(t, member.token, await smallPhoto(37), 'image/png')).body.data.hash;
    await t.database.db.transaction((tx) => uses.use(tx, { poiId: HOME, uploaderId: member.userId, hashes: [posted], ref: 'post:s3' }));
    const has = (hash: string) => ['web', 'thumb'].map((size) => s3.state.objects.has(objectKey(HOME, hash, size as 'web' | 'thumb')));
    t.clock.advance(25 * HOUR);

    // The store away: nothing is deleted, neither row nor object; the next run tries again.
    s3.state.failing = true;
    try {
      await retention();
    } finally {
      s3.state.failing = false;
    }
    expect(await rowOf(unused)).toMatchObject({ store: 's3' });
    expect(has(unused)).toEqual([true, true]);

    const deleted = await retention();
    expect(deleted!.images).toBeGreaterThanOrEqual(1);
    expect(await rowOf(unused)).toBeUndefined();
    expect(has(unused)).toEqual([false, false]);
    expect((await get(imageUrl(HOME, unused), { token: member.token })).json()).toMatchObject({ code: 404, message: ImageMsg.notFound });
    // The posted photo stays, in both places, until its post lets go of it.
    expect(has(posted)).toEqual([true, true]);
    await t.database.db.transaction((tx) => uses.release(tx, 'post:s3'));
    await retention();
    expect(has(posted)).toEqual([false, false]);
    expect(await rowOf(posted)).toBeUndefined();
  });

  it('still serves photos kept in PostgreSQL before the switch, and keeps a re-upload of one there', async () => {
    // A row as IMAGE_STORE=postgres wrote it: the bytes in the row, none in the object store.
    const photo = await smallPhoto(38, 'png');
    const uploaded = (await upload(t, member.token, photo, 'image/png')).body.data;
    const web = s3.state.objects.get(objectKey(HOME, uploaded.hash, 'web'))!.body;
    const thumb = s3.state.objects.get(objectKey(HOME, uploaded.hash, 'thumb'))!.body;
    await t.database.db.execute(sql`update images set store = 'postgres', web = ${web}, thumb = ${thumb} where poi_id = ${HOME} and hash = ${uploaded.hash}`);
    s3.state.objects.delete(objectKey(HOME, uploaded.hash, 'web'));
    s3.state.objects.delete(objectKey(HOME, uploaded.hash, 'thumb'));

    const served = await get(uploaded.url, { token: member.token });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(web)).toBe(true);
    // The same photo again: the row keeps its bytes where they are, and no object is left behind.
    expect((await upload(t, member.token, photo, 'image/png')).status).toBe(200);
    expect(await rowOf(uploaded.hash)).toEqual({ store: 'postgres', no_web: false, no_thumb: false });
    expect(s3.state.objects.has(objectKey(HOME, uploaded.hash, 'web'))).toBe(false);
  });
});

describe('the S3 settings', () => {
  it('refuses IMAGE_STORE=s3 without the endpoint, bucket and keys, and S3_ settings given in part', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(load({ IMAGE_STORE: 's3' })).toThrow(ConfigError);
    expect(load({ IMAGE_STORE: 's3' })).toThrow(/S3_ENDPOINT: required when IMAGE_STORE is 's3'[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(load({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: the S3_ settings go together/);
    expect(load({ IMAGE_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ IMAGE_STORE: 'postgres', S3_PATH_STYLE: true });
  });

  it('addresses objects path-style by default, or with the bucket in the host name', () => {
    const at = { endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', bucket: 'sq-photos' };
    expect(objectUrl({ ...at, pathStyle: true }, 'images/B0FFH/abc/web.webp')).toBe('https://oss-cn-hangzhou.aliyuncs.com/sq-photos/images/B0FFH/abc/web.webp');
    expect(objectUrl({ ...at, pathStyle: false }, 'images/B0FFH/abc/web.webp')).toBe('https://sq-photos.oss-cn-hangzhou.aliyuncs.com/images/B0FFH/abc/web.webp');
  });
});
