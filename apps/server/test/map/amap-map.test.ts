import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../support/test-app';
import { PNG, startFakeAmap } from './fake-amap';

let t: TestApp;
let amap: Awaited<ReturnType<typeof startFakeAmap>>;
beforeAll(async () => {
  amap = await startFakeAmap();
  t = await createTestApp({ seed: true, env: { MAP_PROVIDER: 'amap', AMAP_KEY: 'test-key', AMAP_BASE_URL: amap.url, MAP_EXCLUDED_IDS: 'B000A3' } });
});
afterAll(async () => {
  await t.close();
  await amap.close();
});

const at = 'lng=116.4706&lat=39.9935';
const get = async (url: string) => (await t.app.inject({ url })).json();

describe('the amap provider', () => {
  it('asks AMap for residential places within 1000 m and maps its format', async () => {
    const { data } = await get(`/v1/map/communities/nearby?${at}`);
    const sent = amap.last('/v3/place/around')!;
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      key: 'test-key',
      location: '116.470600,39.993500',
      radius: '1000',
      types: '120300|120301|120302|120303|120304',
      sortrule: 'distance',
      offset: '20',
    });
    expect(data.communities[0]).toEqual({
      id: 'B000A1',
      poiId: 'B000A1',
      name: '阳光小区',
      address: '望京街道某路1号',
      location: '116.470100,39.993000',
      distance: 120,
      tel: '010-1234',
      photos: [{ title: '', url: 'https://store.is.autonavi.com/a.jpg' }],
      pname: '北京市',
      cityname: '北京市',
      adname: '朝阳区',
    });
    // AMap's [] for "no address" becomes an empty string, not a crash.
    expect(data.communities[1].address).toBe('');
  });

  it('sends the type codes and the page, and drops the excluded ids', async () => {
    const { data } = await get(`/v1/map/places?type=9&${at}&page=2`);
    const sent = amap.last('/v3/place/around')!;
    expect(sent.searchParams.get('types')).toBe('090600|090601|090602');
    expect(sent.searchParams.get('page')).toBe('2');
    expect(data.places.map((p: { id: string }) => p.id)).toEqual(['B000A1', 'B000A2']);
  });

  it('finds a 社区服务 category by its words within the search radius, without a type filter', async () => {
    const { data } = await get(`/v1/map/services?category=earlyEducation&${at}`);
    const sent = amap.last('/v3/place/around')!;
    expect(sent.searchParams.get('keywords')).toBe('早教|托育');
    expect(sent.searchParams.get('radius')).toBe('1000');
    expect(sent.searchParams.has('types')).toBe(false);
    expect(data.places.map((p: { id: string }) => p.id)).toEqual(['B000A1', 'B000A2']);
  });

  it('searches in the capital only and computes distances itself', async () => {
    const { data } = await get(`/v1/map/communities/search?keyword=${encodeURIComponent('望京')}&${at}`);
    const sent = amap.last('/v3/place/text')!;
    expect(sent.searchParams.get('city')).toBe('110000');
    expect(sent.searchParams.get('citylimit')).toBe('true');
    expect(data.communities[0].name).toBe('望京家园');
    expect(data.communities[0].distance).toBeGreaterThan(0);
  });

  it('shows a place with photos, and 404 when AMap knows none', async () => {
    expect((await get('/v1/map/places/B000D1')).data.place).toMatchObject({ id: 'B000D1', photos: [{ title: '门口', url: 'https://store.is.autonavi.com/b.jpg' }] });
    expect(await get('/v1/map/places/B000NONE')).toEqual({ code: 404, message: '该地点不存在', data: null });
  });

  it('reverse-geocodes and proxies the static map without giving the key away', async () => {
    expect((await get(`/v1/map/regeo?${at}`)).data.address).toBe('北京市朝阳区望京街道广顺南大街16号');
    const img = await t.app.inject({ url: `/v1/map/static?${at}` });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect(amap.last('/v3/staticmap')!.searchParams.get('key')).toBe('test-key');
    expect(JSON.stringify(img.headers)).not.toContain('test-key');
  });

  it('imports a community picked from AMap, with its street, when the user chooses it', async () => {
    const token = await t.login('13700020001');
    const res = await t.app.inject({ method: 'POST', url: '/v1/mobile/community/edit', payload: { token, poiId: 'B000NEW1', join: 1 } });
    expect(res.json()).toMatchObject({ code: 200, data: { community: 'B000NEW1' } });
    expect((await get('/v1/mobile/community/info?poiId=B000NEW1')).data.community).toMatchObject({
      poiId: 'B000NEW1',
      community: '详情小区',
      streetId: '110105026000',
      streetName: '望京街道',
    });
    expect(await get('/v1/mobile/community/info?poiId=B000NONE')).toEqual({ code: 404, message: '社区不存在', data: null });
  });

  it('answers 503 in Chinese when AMap refuses, and logs why for the operator', async () => {
    amap.refuseAll(true);
    try {
      const res = await t.app.inject({ url: `/v1/map/places?type=5&${at}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: '地图服务暂不可用，请稍后再试', data: null });
      expect((await t.app.inject({ url: `/v1/map/static?${at}` })).statusCode).toBe(503);
      expect(t.logs()).toContain('INVALID_USER_KEY');
      expect(t.logs()).not.toContain('test-key');
    } finally {
      amap.refuseAll(false);
    }
  });

  it('still refuses bad input before asking AMap', async () => {
    const before = amap.requests.length;
    expect((await get('/v1/map/places?type=3&lng=116&lat=39')).message).toBe('周边类型不正确');
    expect((await get('/v1/map/communities/search?keyword=')).message).toBe('请输入要搜索的内容');
    expect(amap.requests.length).toBe(before);
  });
});

describe('map configuration', () => {
  it('refuses amap without a key, and a tile URL that is not a template', () => {
    expect(() => loadConfig({ MAP_PROVIDER: 'amap' })).toThrow(/AMAP_KEY/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}.png' })).toThrow(/MAP_TILE_URL/);
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).MAP_TILE_URL).toContain('example');
  });
});
