import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_IDS } from '@sq/contract/map/service-categories';
import * as schema from '../../src/db/schema';
import { DEMO_CENTRE } from '../../src/seed/demo-data';
import { createTestApp, type TestApp } from '../support/test-app';

/** 社区服务 (spec §9's ten categories): places of each kind within the search radius, by name. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const at = `lng=${DEMO_CENTRE.lng}&lat=${DEMO_CENTRE.lat}`;
const list = async (query: string) => (await t.app.inject({ url: `/v1/map/services?${query}` })).json();

describe('GET /v1/map/services', () => {
  it('finds places of every category within 1000 m, nearest first, each carrying one of its words', async () => {
    for (const category of SERVICE_CATEGORY_IDS) {
      const { code, data } = await list(`category=${category}&${at}`);
      expect(code, category).toBe(200);
      const places = data.places as { name: string; distance: number }[];
      expect(places.length, category).toBeGreaterThan(0);
      for (const p of places) {
        expect(SERVICE_CATEGORIES[category].keywords.some((k) => p.name.includes(k)), `${category}: ${p.name}`).toBe(true);
        expect(p.distance).toBeLessThanOrEqual(1000);
      }
      expect(places.map((p) => p.distance)).toEqual([...places.map((p) => p.distance)].sort((a, b) => a - b));
    }
  });

  it('leaves out places beyond the radius, and answers an empty list where there are none', async () => {
    await t.database.db.insert(schema.places).values({
      id: 'TEST-FAR-EARLY',
      name: '远处早教中心',
      typeCode: '141400',
      address: '测试路',
      lng: DEMO_CENTRE.lng,
      lat: DEMO_CENTRE.lat + 1500 / 110_540,
      cityname: '北京市',
      adname: '朝阳区',
    });
    const names = (await list(`category=earlyEducation&${at}`)).data.places.map((p: { name: string }) => p.name);
    expect(names).not.toContain('远处早教中心');
    expect((await list('category=maternity&lng=116.2&lat=39.8')).data.places).toEqual([]);
  });

  it('refuses an unknown category and bad coordinates in Chinese', async () => {
    expect(await list(`category=casino&${at}`)).toEqual({ code: 400, message: '服务类别不正确', data: null });
    expect(await list(`${at}`)).toMatchObject({ code: 400, message: '服务类别不正确' });
    expect((await list('category=food&lng=x&lat=39.9')).message).toBe('位置坐标不正确');
  });
});
