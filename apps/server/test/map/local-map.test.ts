import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '@sq/contract/map/geo';
import { parseLocation } from '@sq/contract/map/map-item';
import { PLACE_TYPES } from '@sq/contract/map/place-types';
import * as schema from '../../src/db/schema';
import { DEMO_CENTRE } from '../../src/seed/demo-data';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const at = `lng=${DEMO_CENTRE.lng}&lat=${DEMO_CENTRE.lat}`;
const get = async (url: string) => {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
};

describe('communities near the user', () => {
  it('lists residential places within 1000 m, nearest first, with distance in metres', async () => {
    const { body } = await get(`/v1/map/communities/nearby?${at}`);
    const list = body.data.communities as { poiId: string; name: string; distance: number; location: string }[];
    expect(list.map((c) => c.poiId)).toEqual(['DEMO000001', 'DEMO000002', 'DEMO000003']);
    // 望京西园三区 (~1016 m) and 利泽西园 (~1.9 km) are outside the radius.
    expect(list.some((c) => c.name === '望京西园三区' || c.name === '利泽西园')).toBe(false);
    for (const c of list) {
      expect(c.distance).toBe(distanceMetres(DEMO_CENTRE, parseLocation(c.location)!));
      expect(c.distance).toBeLessThanOrEqual(1000);
    }
    expect(list.map((c) => c.distance)).toEqual([...list.map((c) => c.distance)].sort((a, b) => a - b));
  });

  it('finds communities by name, with distances when the point is given', async () => {
    const { body } = await get(`/v1/map/communities/search?keyword=${encodeURIComponent('利泽')}&${at}`);
    expect(body.data.communities).toHaveLength(1);
    expect(body.data.communities[0]).toMatchObject({ poiId: 'DEMO000005', name: '利泽西园' });
    expect(body.data.communities[0].distance).toBeGreaterThan(1800);
    const noPoint = await get(`/v1/map/communities/search?keyword=${encodeURIComponent('花家地')}`);
    expect(noPoint.body.data.communities[0]).toMatchObject({ poiId: 'DEMO000002', distance: null });
    // LIKE wildcards are plain characters, not "match everything".
    expect((await get('/v1/map/communities/search?keyword=%25')).body.data.communities).toEqual([]);
  });

  it('refuses bad coordinates and empty keywords with a clear message', async () => {
    for (const q of ['', 'lng=116.47', 'lng=abc&lat=39.99', 'lng=&lat=', 'lng=116.47&lat=200', 'lng=-73.9&lat=40.7']) {
      expect(await get(`/v1/map/communities/nearby?${q}`)).toEqual({ status: 400, body: { code: 400, message: '位置坐标不正确', data: null } });
    }
    for (const q of ['', 'keyword=', `keyword=${encodeURIComponent('   ')}`]) {
      expect(await get(`/v1/map/communities/search?${q}`)).toEqual({ status: 400, body: { code: 400, message: '请输入要搜索的内容', data: null } });
    }
  });
});

describe('nearby places', () => {
  it('lists every type 5…11 nearest first with name, address, distance, tel and photos', async () => {
    for (const type of [5, 6, 7, 8, 9, 10, 11]) {
      const { status, body } = await get(`/v1/map/places?type=${type}&${at}`);
      expect(status).toBe(200);
      const places = body.data.places as { id: string; distance: number; location: string; tel: string; photos: { url: string }[]; address: string }[];
      expect(places).toHaveLength(4);
      expect(places.every((p) => p.id.startsWith(`DEMO-P${type}-`))).toBe(true);
      expect(places.map((p) => p.distance)).toEqual([...places.map((p) => p.distance)].sort((a, b) => a - b));
      expect(places[0]!.distance).toBe(distanceMetres(DEMO_CENTRE, parseLocation(places[0]!.location)!));
      expect(places[0]!.photos.map((p) => p.url)).toEqual([`/demo/places/${type}-1.svg`, `/demo/places/${type}-2.svg`]);
      expect(places[0]!.tel).not.toBe('');
    }
  });

  it('pages by 20, nearest first across pages; a short page is the last', async () => {
    // 25 more restaurants spread 50…1250 m north of the centre.
    await t.database.db.insert(schema.places).values(
      Array.from({ length: 25 }, (_, i) => ({
        id: `TEST-FOOD-${i}`,
        name: `测试餐馆${i}`,
        typeCode: PLACE_TYPES[5].codes[0],
        address: '测试路',
        lng: DEMO_CENTRE.lng,
        lat: DEMO_CENTRE.lat + (50 + i * 50) / 110_540,
        cityname: '北京市',
        adname: '朝阳区',
      })),
    );
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push((await get(`/v1/map/places?type=5&${at}&page=${page}`)).body.data.places as { id: string; distance: number }[]);
    // The 19 within the spec's 1000 m radius (50…950 m) and the 4 demo ones; 1000…1250 m are not nearby.
    expect(pages.map((p) => p.length)).toEqual([20, 3, 0]);
    const all = pages.flat();
    expect(new Set(all.map((p) => p.id)).size).toBe(23);
    expect(all.every((p) => p.distance <= 1000)).toBe(true);
    expect(all.some((p) => p.id === 'TEST-FOOD-19')).toBe(false);
    expect(all.map((p) => p.distance)).toEqual([...all.map((p) => p.distance)].sort((a, b) => a - b));
    // Other types are untouched by the new restaurants.
    expect((await get(`/v1/map/places?type=6&${at}`)).body.data.places).toHaveLength(4);
  });

  it('refuses unknown types, bad coordinates and bad pages', async () => {
    for (const type of ['4', '12', 'abc', '', '5.5']) {
      expect((await get(`/v1/map/places?type=${type}&${at}`)).body).toEqual({ code: 400, message: '周边类型不正确', data: null });
    }
    expect((await get('/v1/map/places?type=5&lng=x&lat=39.9')).body.message).toBe('位置坐标不正确');
    expect((await get(`/v1/map/places?type=5&${at}&page=0`)).body.message).toBe('页码不正确');
  });

  it('shows one place with its photos, and 404 for an unknown id', async () => {
    const { body } = await get('/v1/map/places/DEMO-P8-2');
    expect(body.data.place).toMatchObject({ id: 'DEMO-P8-2', name: '建设银行花家地支行', distance: null });
    expect(body.data.place.photos).toHaveLength(2);
    for (const id of ['NOPE', '..%2F..%2Fetc', 'x'.repeat(80)]) {
      expect(await get(`/v1/map/places/${id}`)).toEqual({ status: 404, body: { code: 404, message: '该地点不存在', data: null } });
    }
  });

  it('searches any place for the map picker', async () => {
    const { body } = await get(`/v1/map/search?keyword=${encodeURIComponent('银行')}&${at}`);
    expect(body.data.places).toHaveLength(4);
    expect((await get('/v1/map/search?keyword=')).body.message).toBe('请输入要搜索的内容');
  });
});

describe('addresses and the static map', () => {
  it('names a point by the nearest known place', async () => {
    const { body } = await get(`/v1/map/regeo?${at}`);
    expect(body.data.address).toContain('望京花园西区');
    expect((await get('/v1/map/regeo?lng=116.47')).status).toBe(400);
  });

  it('draws a labelled schematic (an SVG, not a photo) around the point', async () => {
    const res = await t.app.inject({ url: `/v1/map/static?${at}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('示意图');
    expect(res.body).toContain('望京花园西区');
    // Nearby places are drawn as dots around the pin.
    expect(res.body.match(/<circle /g)!.length).toBeGreaterThan(8);
    expect(res.body).not.toMatch(/<script/i);
    const bad = await t.app.inject({ url: '/v1/map/static?lng=1&lat=2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, message: '位置坐标不正确', data: null });
  });

  it('tells the picker the tile URL and lets the page load tiles from that host only', async () => {
    const { body } = await get('/v1/map/config');
    expect(body.data.tileUrl).toContain('{x}');
    const csp = (await t.app.inject({ url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("img-src 'self' data: blob: https://*.is.autonavi.com;");
  });
});

describe('configuration', () => {
  it('excludes the configured place ids from lists and details', async () => {
    const app = await createTestApp({ seed: true, env: { MAP_EXCLUDED_IDS: 'DEMO-P5-1, DEMO-P6-2,DEMO-P7-3', MAP_TILE_URL: 'none' } });
    try {
      const ids = async (type: number) => ((await app.app.inject({ url: `/v1/map/places?type=${type}&${at}` })).json().data.places as { id: string }[]).map((p) => p.id);
      expect(await ids(5)).not.toContain('DEMO-P5-1');
      expect(await ids(6)).not.toContain('DEMO-P6-2');
      expect(await ids(7)).not.toContain('DEMO-P7-3');
      expect(await ids(8)).toHaveLength(4);
      expect((await app.app.inject({ url: '/v1/map/places/DEMO-P5-1' })).statusCode).toBe(404);
      // No tiles configured: the picker gets none, and the CSP names no extra image host.
      expect((await app.app.inject({ url: '/v1/map/config' })).json().data.tileUrl).toBe('');
      expect((await app.app.inject({ url: '/' })).headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
    } finally {
      await app.close();
    }
  });
});
