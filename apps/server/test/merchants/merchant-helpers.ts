import { sql } from 'drizzle-orm';
import { smallPhoto } from '../images/image-helpers';
import { boardApi, loginAs } from '../board/board-helpers';
import type { TestApp } from '../support/test-app';

export { countOf, HOME, loginAs, newJoiner, newResident, OTHER, userOf } from '../board/board-helpers';
export const ADMIN = '13800000001'; // administrator of HOME and OTHER, platform operator
export const MANAGER = '13800000002'; // manager of HOME
export const RESIDENT = '13800000004';
/** A real 统一社会信用代码 (its check character right). */
export const USCC = '91110000600037341L';

let photos = 900;
/** Uploads one photo for a shop (purpose merchant) in `poiId`; answers its hash. */
export async function shopPhoto(t: TestApp, token: string, poiId = 'DEMO000001'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images?poiId=${poiId}&purpose=merchant`, payload: await smallPhoto(photos++), headers: { 'content-type': 'image/png', token } });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { data: { hash: string } }).data.hash;
}

/** A valid application a few metres from 望京花园西区, 500 m radius (HOME only). */
export async function shopForm(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  return {
    name: '望京鲜果铺',
    category: 'fruit',
    intro: '当季水果，社区配送。',
    address: '广顺南大街18号底商',
    lng: 116.4709,
    lat: 39.9932,
    hours: '08:00-22:00',
    phone: '010-64701111',
    photos: [await shopPhoto(t, token)],
    licenceNo: USCC,
    licenceImage: await shopPhoto(t, token),
    imagePoiId: 'DEMO000001',
    radiusM: 500,
    ...over,
  };
}

/** A new person (joined HOME, so they may upload there) who applies with `over`; answers their token and the shop id. */
export async function newShop(t: TestApp, over: Record<string, unknown> = {}): Promise<{ token: string; id: string; ownerId: string }> {
  const { newJoiner } = await import('../board/board-helpers');
  const owner = await newJoiner(t);
  const res = await boardApi(t).post('/v1/merchants', owner.token, await shopForm(t, owner.token, over));
  if (res.status !== 200) throw new Error(`apply failed: ${res.status} ${res.message}`);
  return { token: owner.token, id: res.data.id as string, ownerId: owner.userId };
}

/** Approves every pending community of a shop as the operator. */
export async function approveAll(t: TestApp, id: string) {
  const res = await boardApi(t).post(`/v1/merchants/${id}/review`, await loginAs(t, ADMIN), { decision: 'approve' });
  if (res.status !== 200) throw new Error(`approve failed: ${res.message}`);
}

export const linkStatus = async (t: TestApp, id: string, poiId: string) =>
  ((await t.database.db.execute(sql`select status from merchant_communities where merchant_id = ${id} and poi_id = ${poiId}`)) as unknown as { rows: { status: string }[] }).rows[0]?.status;
