import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, idCard, poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
let t: TestApp;
let post: ReturnType<typeof poster>;
let manager: string;
const ids: Record<string, string> = {};

// The name search is served by an index on the name's characters (bench/staff-lists); these are
// the answers a staff member relies on whatever the index does.
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  post = poster(t);
  manager = await t.login('13800000002');
  for (const name of ['司马建国', '马建', 'Anna Li']) {
    const res = await post('/v1/userCard', manager, { poiId: HOME, name, mobile: freshMobile(), card: idCard(), owner: '业主', address: '7号楼', isReturn: 0, import: 1 });
    ids[name] = res.body.data._id;
  }
});
afterAll(() => t.close());

const found = async (keyword: string) =>
  (await post('/v1/userCard/list', manager, { poiId: HOME, status: 1, keyword })).body.data.userCards.map((r: { _id: string }) => r._id).sort();

describe('searching registrations by part of a name', () => {
  it('finds one typed character, and two in their order only', async () => {
    expect(await found('建')).toEqual([ids['司马建国'], ids['马建']].sort());
    expect(await found('马建')).toEqual([ids['司马建国'], ids['马建']].sort());
    expect(await found('建马')).toEqual([]);
    expect(await found('司马建国')).toEqual([ids['司马建国']]);
  });

  it('ignores letter case, and counts the tabs under the same search', async () => {
    expect(await found('anna')).toEqual([ids['Anna Li']]);
    expect(await found('A LI')).toEqual([ids['Anna Li']]);
    const { body } = await post('/v1/userCard/list', manager, { poiId: HOME, status: 0, keyword: '建' });
    expect(body.data).toMatchObject({ userCards: [], status_0: 0, status_1: 2, status_2: 0 });
  });
});
