import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_KEYWORDS_MAX, MSG_CONTENT_SETTINGS_NOT_ALLOWED } from '@sq/contract/content/content-settings';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/client';
import { createContentChecks } from '../../src/modules/content/checks';
import { poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
let duty: string;
let resident: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  [manager, duty, resident] = [await t.login('13800000002'), await t.login('13800000003'), await t.login('13800000004')];
});
afterAll(() => t.close());

const get = (token: string, poiId: string) => t.app.inject({ method: 'GET', url: `/v1/manage/content/settings?poiId=${poiId}`, headers: { token } });

describe('a community\'s keywords and link rule (关键词与链接)', () => {
  it('starts with no keywords of its own and links held; a manager saves a list, audited', async () => {
    expect((await get(manager, HOME)).json().data).toMatchObject({ keywords: [], links: 'hold' });
    const saved = await post('/v1/manage/content/settings', manager, { poiId: HOME, keywords: [' 团购群 ', '团购群', '代购'], links: 'allow' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ keywords: ['团购群', '代购'], links: 'allow' });
    expect(saved.body.data.defaultKeywords).toBeGreaterThan(10);
    expect((await get(duty, HOME)).json().data.keywords).toEqual(['团购群', '代购']);
    const audit = await t.database.db.execute(sql`select action, detail from audit_log where poi_id = ${HOME} and action = 'content.settings' order by id`);
    expect(rowsOf<{ detail: { added: string[] } }>(audit).at(-1)?.detail.added).toEqual(['团购群', '代购']);
  });

  it('refuses duty staff, residents and other communities\' staff, and bad lists, writing nothing', async () => {
    const before = (await get(manager, HOME)).json().data;
    expect((await post('/v1/manage/content/settings', duty, { poiId: HOME, keywords: ['x'], links: 'hold' })).body).toEqual({ code: 403, message: MSG_CONTENT_SETTINGS_NOT_ALLOWED, data: null });
    expect((await post('/v1/manage/content/settings', resident, { poiId: HOME, keywords: ['x'], links: 'hold' })).status).toBe(403);
    expect((await get(resident, HOME)).statusCode).toBe(403);
    expect((await get(manager, OTHER)).statusCode).toBe(403);
    expect((await post('/v1/manage/content/settings', manager, { poiId: OTHER, keywords: [], links: 'hold' })).status).toBe(403);
    const tooMany = Array.from({ length: CONTENT_KEYWORDS_MAX + 1 }, (_, i) => `词${i}`);
    expect((await post('/v1/manage/content/settings', manager, { poiId: HOME, keywords: tooMany, links: 'hold' })).body.message).toMatch(/关键词最多/);
    expect((await post('/v1/manage/content/settings', manager, { poiId: HOME, keywords: ['a'.repeat(21)], links: 'hold' })).body.message).toMatch(/关键词为/);
    expect((await post('/v1/manage/content/settings', manager, { poiId: HOME, keywords: [], links: 'maybe' })).body.message).toBe('请选择链接的处理方式');
    expect((await get(manager, HOME)).json().data).toEqual(before);
  });

  it('holds a text with a maintained or own keyword or (by the rule) a link, and masks what it must', async () => {
    const checks = createContentChecks(t.database.db);
    expect(await checks.check(OTHER, '出婴儿车，电话13812345678', { showPhone: false })).toEqual({
      text: '出婴儿车，电话138****5678',
      held: false,
      heldReasons: [],
      keywords: [],
    });
    expect(await checks.check(OTHER, '在家刷单日赚300 https://x.cn', { showPhone: true })).toMatchObject({ held: true, heldReasons: ['keyword', 'link'], keywords: expect.arrayContaining(['刷单', '日赚']) });
    // HOME allows links and holds its own word 代购.
    expect(await checks.check(HOME, '看 https://x.cn', { showPhone: false })).toMatchObject({ held: false });
    expect(await checks.check(HOME, '帮忙代购奶粉', { showPhone: false })).toMatchObject({ held: true, keywords: ['代购'] });
  });
});
