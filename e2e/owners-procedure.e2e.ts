import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import { OwnersProcedureView } from './pages/owners-procedure-view';
import { artifactPath } from './support/browser';
import { pdfText, squashed } from './support/pdf-text';
import { usePhoneHarness } from './support/phone-harness';

const ADMIN = '13800000001';
const OWNER = '13912340011';
const NEIGHBOUR = '13912340012';
/** 花家地北里: administered by the demo administrator. */
const POI = 'DEMO000002';

const h = usePhoneHarness();
type Counts = { units: number; area: string; owners: number };

describe('业主表决的程序', () => {
  it('the administrator extends a vote with a reason; an owner objects, staff answer, the owner reads the answer; the printed notice carries every element', async () => {
    await h.phones.token(OWNER);
    await h.phones.token(NEIGHBOUR);
    for (const [room, mobile] of [
      ['901', OWNER],
      ['902', NEIGHBOUR],
    ] as const) {
      const saved = await h.phones.api(ADMIN, '/v1/manage/units/save', { poiId: POI, building: '9', unit: '1', room, area: '88.5', persons: [{ name: `业主${room}`, mobile }] });
      expect(saved.code).toBe(200);
    }
    const end = beijingDateTime(new Date(Date.now() + 7 * 86_400_000));
    const created = await h.phones.api<{ poll: { _id: string } }>(ADMIN, '/v1/polls', { title: '更换小区电梯', end_time: end, owners: 1, poiId: POI, matterItem: 5 });
    const id = created.data.poll._id;
    // The counter is an owner of the roll, the scrutineer the administrator.
    expect((await h.phones.api(ADMIN, `/v1/polls/${id}/officers`, { role: 'counter', name: '赵计票', mobile: NEIGHBOUR })).code).toBe(200);
    expect((await h.phones.api(ADMIN, `/v1/polls/${id}/officers`, { role: 'scrutineer', name: '钱监票', mobile: ADMIN })).code).toBe(200);

    // The administrator extends the vote by a week, with a reason and a confirmation.
    const admin = await h.phones.phone(ADMIN);
    await admin.page.goto(`/chiocevote?id=${id}`);
    const staffView = new OwnersProcedureView(admin.page);
    await expect.poll(() => staffView.procedure.textContent()).toContain('计票人：赵计票');
    await staffView.extend(7, '参与户数不足，延期一周');
    await expect.poll(() => admin.page.getByText('本表决已延期，原因：参与户数不足，延期一周').count()).toBe(1);
    expect(await staffView.procedure.getByRole('button', { name: '延期' }).count()).toBe(0);
    await admin.page.screenshot({ path: artifactPath('owners-procedure-extended.png'), fullPage: true });

    // An owner sends an objection.
    const owner = await h.phones.phone(OWNER);
    await owner.page.goto(`/chiocevote?id=${id}`);
    const ownerView = new OwnersProcedureView(owner.page);
    await ownerView.object('9栋1单元902的面积应为实测90.2平方米');
    await expect.poll(() => ownerView.objections.textContent()).toContain('待答复');
    await owner.page.screenshot({ path: artifactPath('owners-objection-sent.png'), fullPage: true });

    // Staff see it and answer.
    await admin.page.reload();
    await expect.poll(() => staffView.objections.textContent()).toContain('9栋1单元901');
    await admin.page.screenshot({ path: artifactPath('owners-objection-staff.png'), fullPage: true });
    await staffView.answer('已核实，将按不动产登记更正名册');
    await expect.poll(() => staffView.objections.textContent()).toContain('答复（');

    // The owner reads the answer on the page, and was told in 消息.
    await owner.page.reload();
    await expect.poll(() => ownerView.objections.textContent()).toContain('已核实，将按不动产登记更正名册');
    const told = await h.phones.api<{ notifications: { body: string }[] }>(OWNER, '/v1/notifications', {});
    expect(told.data.notifications.some((n) => n.body.includes('您的异议已于') && n.body.includes('已核实，将按不动产登记更正名册'))).toBe(true);
    await owner.page.screenshot({ path: artifactPath('owners-objection-answered.png'), fullPage: true });
    await owner.context.close();

    // The owner votes 同意 (the neighbour does not), so the counts are not all nought.
    const agree = (await h.phones.api<{ poll: { options: { option_id: string; title: string }[] } }>(ADMIN, `/v1/polls/${id}`, {}, 'GET')).data.poll.options.find((o) => o.title === '同意')!;
    expect((await h.phones.api(OWNER, '/v1/polls/vote', { id, options: agree.option_id })).code).toBe(200);

    // The vote was announced 20 days ago and its deadline passed 3 days ago (moved in the database:
    // the server's clock is real), so the notice's dates are the vote's, not the printing's.
    const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);
    const announcedAt = minute(Date.now() - 20 * 86_400_000);
    const endAt = minute(Date.now() - 3 * 86_400_000);
    await h.server.database.db.execute(sql`update polls set created_at = ${announcedAt.toISOString()}, end_time = ${endAt.toISOString()} where id = ${id}`);
    const ended = (
      await h.phones.api<{ poll: { owners: { outcome: string; countRule: string; areaRule: string; total: Counts; voted: Counts; options: (Counts & { option_id: string })[] } } }>(ADMIN, `/v1/polls/${id}`, {}, 'GET')
    ).data.poll.owners;
    expect(ended.outcome).toMatch(/^(passed|failed)$/);
    await admin.page.goto(`/pollnotice?id=${id}`);
    const sheet = admin.page.locator('.pn-sheet');
    await expect.poll(() => sheet.textContent()).toContain('钱监票');
    const text = (await sheet.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/计票人（签字）： ?赵计票 _{6,}/);
    expect(text).not.toContain('投票尚未截止');

    // The A4 notice as printed, read back: every element of issue 37 item 6, with the vote's values.
    const pdf = await admin.page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync(artifactPath('owners-notice.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await pdfText(pdf);
    fs.writeFileSync(artifactPath('owners-notice.txt'), printed);
    const flat = squashed(printed);
    const announced = beijingDate(announcedAt);
    const row = (c: Counts) => `${c.units} ${c.area} ${c.owners}`;
    for (const element of [
      '关于“更换小区电梯”业主表决结果的公告',
      '发布单位：花家地北里（盖章）', // the issuer: the organiser, no 业主委员会 started it; the seal beside it
      `公告日期：${announced}`, // the announcement
      `表决时间：${beijingDateTime(announcedAt)}至${beijingDateTime(endAt)}`, // the start (the announcement: no start was set) and the end
      `表决名册：以${announced}房屋登记为准`, // the roll date
      '户数专有部分面积（㎡）业主人数', // counts by homes, area and owners …
      `计算说明：本次表决登记在册${ended.total.units}户，业主共${ended.total.owners}人。`, // … and how they were counted
      squashed(ended.countRule),
      squashed(ended.areaRule),
      `表决结果：${ended.outcome === 'passed' ? '通过' : '未通过'}`, // the outcome
      '计票人（签字）：赵计票____', // the signature lines, naming the officers
      '监票人（签字）：钱监票____',
      `结果日期：${beijingDate(endAt)}`, // the result's date …
    ]) {
      expect(flat, element).toContain(squashed(element));
    }
    // … not the printing's.
    expect(flat).not.toContain(`结果日期：${beijingDate(new Date())}`);
    // The counts, cell by cell: all homes, those that voted, 同意 (the owner's 88.50㎡).
    expect(printed).toContain(`总计 ${row(ended.total)}`);
    expect(printed).toContain(`参与表决 ${row(ended.voted)}`);
    expect(printed).toContain(`同意 ${row(ended.options.find((o) => o.option_id === agree.option_id)!)}`);
    expect(ended.voted).toMatchObject({ units: 1, area: '88.50', owners: 1 });
    await admin.page.screenshot({ path: artifactPath('owners-notice-final.png'), fullPage: true });
    await admin.context.close();
  });

  it('the administrator sets the notice period and names a 业主委员会 member on 业主表决设置', async () => {
    const { context, page } = await h.phones.phone(ADMIN);
    await page.goto(`/ownerssettings?poiId=${POI}`);
    await expect.poll(() => page.getByText('现行公告期：').textContent()).toContain('15天');
    await page.getByRole('spinbutton', { name: '公告期（天）' }).fill('10');
    await page.getByRole('button', { name: '保存公告期' }).click();
    await expect.poll(() => page.getByText('公告期须为15至60天的整数').count()).toBeGreaterThan(0);
    await page.getByRole('spinbutton', { name: '公告期（天）' }).fill('20');
    await page.getByRole('button', { name: '保存公告期' }).click();
    await expect.poll(() => page.getByText('现行公告期：').textContent()).toContain('20天');
    await page.getByRole('textbox', { name: '成员姓名' }).fill('王主任');
    await page.getByRole('textbox', { name: '成员手机号' }).fill(OWNER);
    await page.getByRole('button', { name: '添加成员' }).click();
    await expect.poll(() => page.getByRole('region', { name: '业主委员会' }).textContent()).toMatch(/王主任\s*139\*{4}0011/);
    await page.screenshot({ path: artifactPath('owners-settings.png'), fullPage: true });
    await context.close();
  });
});
