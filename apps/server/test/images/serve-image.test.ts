import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageMsg, imageUrl } from '@sq/contract/images/image-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { freshMobile } from '../support/factories';
import { HOME, OTHER, memberOf, readerOf, smallPhoto, upload } from './image-helpers';

let t: TestApp;
let member: { token: string };
let url: string;
let thumbUrl: string;
let hash: string;

const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  member = await memberOf(t, HOME);
  const res = await upload(t, member.token, await smallPhoto(7), 'image/png');
  ({ url, thumbUrl, hash } = res.body.data);
});
afterAll(() => t?.close());

describe('GET /v1/images/:poiId/:hash', () => {
  it('serves both sizes with their type, a year of private caching, the hash as ETag, and nosniff', async () => {
    for (const path of [url, thumbUrl]) {
      const res = await get(path, { token: member.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'private, max-age=31536000, immutable',
        etag: `"${hash}"`,
        'x-content-type-options': 'nosniff',
      });
      expect(res.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
    }
    expect((await get(url, { token: member.token })).rawPayload.equals((await get(thumbUrl, { token: member.token })).rawPayload)).toBe(false);
  });

  it('answers 304 with no body when the browser holds that ETag, and the bytes otherwise', async () => {
    for (const match of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`, '*']) {
      const res = await get(url, { token: member.token, 'if-none-match': match });
      expect(res.statusCode, match).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(`"${hash}"`);
    }
    expect((await get(url, { token: member.token, 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('gives a phone whose token came from the native shell (no login on this page, no cookie) the cookie with the answers that list photos', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/board/rules/accept',
      payload: { poiId: HOME },
      headers: { token: member.token },
    });
    expect(made.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/v1/board/posts', payload: { poiId: HOME, kind: 'other', text: '照片', images: [hash] }, headers: { token: member.token } });
    expect(post.json().data.status).toBe('visible');
    // The bridge's token travels as a header; the photos' own requests will carry only cookies.
    const reader = await readerOf(t, HOME);
    expect((await get(thumbUrl)).statusCode).toBe(423);
    for (const path of [`/v1/board/posts?poiId=${HOME}`, `/v1/board/posts/${post.json().data.id}`]) {
      const answer = await get(path, { token: reader.token });
      expect(answer.statusCode, path).toBe(200);
      const cookie = [answer.headers['set-cookie']].flat().find((c) => /Path=\/v1\/images(;|$)/.test(c ?? ''));
      expect(cookie, path).toMatch(/HttpOnly/);
      expect((await get(thumbUrl, { cookie: cookie!.split(';')[0]! })).statusCode, path).toBe(200);
    }
    // A request with the cookie alone sets nothing new.
    expect((await get(`/v1/board/posts?poiId=${HOME}`, { cookie: `sq_token=${encodeURIComponent(reader.token)}` })).headers['set-cookie']).toBeUndefined();
  });

  it('lets an <img> in through the login cookie, which the login sets for /v1/images', async () => {
    const mobile = freshMobile();
    await t.app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile }, remoteAddress: '10.32.0.1' });
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile, code: t.sms.lastCodeFor(mobile) }, remoteAddress: '10.32.0.1' });
    const cookies = login.headers['set-cookie'] as string[];
    const forImages = cookies.find((c) => /Path=\/v1\/images(;|$)/.test(c))!;
    expect(forImages).toMatch(/HttpOnly/);
    expect(forImages).toMatch(/SameSite=Lax/);
    // Not yet of the community: refused; once joined, the cookie alone is enough.
    expect((await get(url, { cookie: forImages.split(';')[0]! })).statusCode).toBe(403);
    const reader = await readerOf(t, HOME);
    expect((await get(thumbUrl, { cookie: `sq_token=${encodeURIComponent(reader.token)}` })).statusCode).toBe(200);
  });

  it('refuses people who may not read the community, and anyone not logged in, with the envelope', async () => {
    const stranger = await memberOf(t, OTHER);
    for (const path of [url, thumbUrl]) {
      const other = await get(path, { token: stranger.token });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ code: 403, message: expect.stringMatching(/[\u4e00-\u9fff]/), data: null });
      expect(other.headers['cache-control']).toBe('no-store');
      expect((await get(path)).json()).toMatchObject({ code: 423, data: null });
      expect((await get(path, { 'if-none-match': `"${hash}"` })).statusCode).toBe(423);
    }
    // The same hash asked under the other community (where the stranger may read) is not there.
    expect((await get(imageUrl(OTHER, hash), { token: stranger.token })).json()).toEqual({ code: 404, message: ImageMsg.notFound, data: null });
  });

  it('answers 404 for a hash that is not stored or not a hash', async () => {
    for (const path of [imageUrl(HOME, 'A'.repeat(43)), imageUrl(HOME, 'A'.repeat(43), 'thumb'), imageUrl(HOME, 'not-a-hash'), `/v1/images/${HOME}/${'A'.repeat(43)}/large`]) {
      const res = await get(path, { token: member.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, data: null });
    }
  });
});
