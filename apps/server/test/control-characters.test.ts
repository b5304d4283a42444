import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { idCard } from './support/factories';
import { tableDump } from './support/table-dump';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let resident: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [resident, manager] = [await t.login('13800000004'), await t.login('13800000002')];
});
afterAll(() => t.close());

const NUL = '\u0000';
const WRITTEN = ['users', 'sms_codes', 'registrations', 'staff', 'user_communities', 'info_submissions', 'polls', 'poll_options', 'poll_proxies', 'paper_ballots', 'audit_log', 'board_posts', 'board_comments', 'content_settings', 'coupon_batches', 'coupons', 'holder_keys', 'group_leaders', 'group_buys', 'orders', 'refunds', 'payments', 'owners_committee', 'poll_officers', 'poll_corrections', 'poll_objections'];
const SHOP = '00000000-0000-4000-8000-000000000035';
const ORDER = '00000000-0000-4000-8000-000000000036';

describe('control characters in requests', () => {
  it('answer 400 with one clear message on every kind of endpoint, and write nothing', async () => {
    const before = await tableDump(t.database.db, WRITTEN);
    const requests: [string, string, object, string?][] = [
      ['POST', '/v1/auth/smsCode', { mobile: `1380000000${NUL}` }],
      ['POST', '/v1/userCard', { poiId: 'DEMO000001', name: `张${NUL}三`, mobile: '13712340009', card: idCard(), owner: '业主', address: '1号楼', isReturn: 0 }, resident],
      ['POST', '/v1/userCard/list', { poiId: 'DEMO000001', keyword: `张${NUL}` }, manager],
      ['POST', '/v1/communityInfo/create', { poiId: 'DEMO000001', typeId: '1', department: `物业${NUL}`, contact: '010-1234', address: 'x', mapAddress: 'y', lng: 116.4, lat: 39.9 }, resident],
      ['POST', '/v1/polls/00000000-0000-4000-8000-000000000037/proxy', { mobile: `1380000000${NUL}` }, resident],
      ['POST', '/v1/polls/00000000-0000-4000-8000-000000000037/proxy/written/withdraw', { unitId: '00000000-0000-4000-8000-000000000038', reason: `业主${NUL}撤销` }, manager],
      ['POST', '/v1/polls/00000000-0000-4000-8000-000000000037/proxy/written', { unitId: '00000000-0000-4000-8000-000000000038', mobile: `1380000${NUL}0001`, photo: 'x'.repeat(43) }, manager],
      ['POST', '/v1/polls', { title: `投票${NUL}`, info: '', end_time: '2027-01-01 10:00', options: [{ title: 'a' }, { title: 'b' }], type: 0 }, resident],
      ['POST', '/v1/mobile/community/edit', { poiId: `DEMO${NUL}000001`, join: 1 }, resident],
      ['POST', '/v1/communityManager', { poiId: 'DEMO000001', name: `执勤${NUL}`, mobile: '13800000005' }, manager],
      ['POST', '/v1/manage/dashboard', { poiId: 'DEMO000001', extra: `\u001b[31m` }, manager],
      ['POST', '/v1/board/posts', { poiId: 'DEMO000001', kind: 'other', text: `出${NUL}闲置` }, resident],
      ['POST', '/v1/manage/content/settings', { poiId: 'DEMO000001', keywords: [`广${NUL}告`], links: 'hold' }, manager],
      ['GET', `/v1/communityInfo/index?poiId=DEMO000001&page=1&x=%01`, {}],
      ['POST', `/v1/merchants/${SHOP}/coupon-batches`, { title: `满减${NUL}`, kind: 'cash', valueFen: 500, total: 10, claimStartsAt: 0, claimEndsAt: 1, validDays: 1 }, manager],
      ['POST', `/v1/coupon-batches/${SHOP}/claim`, { poiId: `DEMO${NUL}000001` }, resident],
      ['POST', `/v1/merchants/${SHOP}/redeem`, { code: `CP1.${NUL}` }, manager],
      ['POST', '/v1/holderKeys', { publicKey: `${'A'.repeat(42)}\u0007` }, resident],
      // 社区团购 (issue 36): applying, publishing, ordering, paying, refunds, pickup.
      ['POST', '/v1/group-leaders', { poiId: 'DEMO000001', displayName: `王${NUL}姐`, pickupPoint: '东门', intro: '' }, resident],
      ['POST', '/v1/group-buys', { poiId: 'DEMO000001', title: `桃${NUL}`, items: [] }, resident],
      ['POST', `/v1/group-leaders/${SHOP}/suspend`, { suspend: true, reason: `不${NUL}发货` }, manager],
      ['POST', '/v1/orders', { groupBuyId: SHOP, lines: [{ itemId: SHOP, qty: 1 }], note: `尽快${NUL}` }, resident],
      ['POST', `/v1/orders/${ORDER}/pay`, { channel: `h5${NUL}` }, resident],
      ['POST', `/v1/orders/${ORDER}/refunds`, { lines: [{ itemId: SHOP, qty: 1 }], reason: `坏${NUL}了` }, resident],
      ['POST', `/v1/refunds/${ORDER}/refuse`, { reason: `不${NUL}行` }, resident],
      ['POST', `/v1/sellers/${SHOP}/pickup/check`, { code: `OP1.${NUL}` }, resident],
      // Owners' votes' procedure (issue 37): committee, officers, corrections, objections and answers.
      ['POST', '/v1/manage/owners-committee/add', { poiId: 'DEMO000001', name: `王${NUL}主任`, mobile: '13800000004' }, manager],
      ['POST', `/v1/polls/${SHOP}/officers`, { role: 'counter', name: `赵${NUL}`, mobile: '13800000004' }, manager],
      ['POST', `/v1/polls/${SHOP}/corrections`, { label: '1栋1单元101', reason: `过${NUL}户` }, manager],
      ['POST', `/v1/polls/${SHOP}/objections`, { text: `名册${NUL}有误` }, resident],
      ['POST', `/v1/polls/${SHOP}/objections/answer`, { _id: ORDER, answer: `已${NUL}核实` }, manager],
    ];
    for (const [method, url, payload, token] of requests) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: token ? { ...payload, token } : payload } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 400, message: Msg.controlCharacter, data: null });
    }
    expect(await tableDump(t.database.db, WRITTEN)).toEqual(before);
  });

  it('keep tabs and line breaks, which text areas hold', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/polls',
      payload: { token: resident, title: '周末活动', info: '第一行\n第二行\t备注', end_time: '2027-01-01 10:00', options: [{ title: 'a' }, { title: 'b' }], type: 0 },
    });
    expect(res.statusCode).toBe(200);
  });
});
